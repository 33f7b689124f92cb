// The side panel: a recording's summary and its findings, from the library's JSON (info --json's schema).
export function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function intervalsText(intervals) {
  return intervals.length === 0
    ? 'never'
    : intervals.map(([s, e]) => `${s.toFixed(2)}-${e.toFixed(2)}`).join(', ') + ' s';
}

// The summary table of file `name` (info: the library's summary) and a "checking" line under Findings.
// `binary`: an MRTK binary recording (InputAnimationRecording.binary), not a glTF.
export function showSummary(summaryBox, findingsBox, name, info, binary) {
  const input = info.input;
  const rows = [
    ['file', name],
    [
      'input',
      binary
        ? `${input.kind} ${info.format.version} (${info.format.layout})`
        : `${input.kind}, ${input.ownFile ? 'written by inputanim' : 'from another tool (fitted)'}`,
    ],
    ['duration', `${info.duration.toFixed(3)} s`],
    ['keys', `${info.keys.toLocaleString()} in ${info.curves} curves`],
    [
      'sections',
      Object.entries(info.sections)
        .filter(([, s]) => s.present)
        .map(([n, s]) => `${n} ${s.keys.toLocaleString()}`)
        .join(', '),
    ],
  ];
  if (info.flags.hasHandData) {
    rows.push(['tracked', `left ${intervalsText(info.tracked.left)}; right ${intervalsText(info.tracked.right)}`]);
    rows.push(['pinching', `left ${intervalsText(info.pinching.left)}; right ${intervalsText(info.pinching.right)}`]);
  }
  rows.push([
    'markers',
    info.markers.length ? info.markers.map((m) => `${m.time.toFixed(2)} s ${m.name}`).join(', ') : 'none',
  ]);
  for (const note of input.notes ?? []) rows.push(['note', note]);
  const table = element('table');
  for (const [key, value] of rows) {
    const row = table.insertRow();
    row.insertCell().textContent = key;
    row.insertCell().textContent = value;
  }
  summaryBox.replaceChildren(element('h3', 'Summary'), table);
  findingsBox.replaceChildren(element('h3', 'Findings'), element('div', 'checking ...', 'note'));
}

export function countFindings(findings = []) {
  const counts = { error: 0, warning: 0, note: 0 };
  for (const f of findings) counts[f.severity] = (counts[f.severity] ?? 0) + 1;
  return counts;
}

// The checker's findings and, for glTF input, the profile's: a few of each code, as `inputanim info` prints them.
// Returns their counts by severity.
export function showFindings(findingsBox, recordingFindings, profileFindings = []) {
  const all = [
    ...profileFindings.map((f) => ({ ...f, where: f.pointer })),
    ...recordingFindings.map((f) => ({
      ...f,
      where: [f.curve, f.key !== null ? `key ${f.key}` : ''].filter(Boolean).join(' '),
    })),
  ];
  const counts = countFindings(all);
  const list = [element('h3', `Findings: ${counts.error} errors, ${counts.warning} warnings, ${counts.note} notes`)];
  const perCode = new Map();
  for (const f of all) {
    const n = (perCode.get(f.code) ?? 0) + 1;
    perCode.set(f.code, n);
    if (n <= 4)
      list.push(
        element('div', `${f.severity} ${f.code}${f.where ? ` ${f.where}` : ''}: ${f.message}`, `finding ${f.severity}`),
      );
  }
  for (const [code, n] of perCode)
    if (n > 4) list.push(element('div', `... and ${n - 4} more ${code}`, 'finding note'));
  if (all.length === 0) list.push(element('div', 'none: the checker finds nothing to report', 'note'));
  findingsBox.replaceChildren(...list);
  return counts;
}

// A glTF's animations (info's input.animations) in `select`, the one read selected; hidden unless there are several.
export function showAnimations(select, input) {
  const animations = input.animations ?? [];
  select.hidden = animations.length < 2;
  select.replaceChildren(
    ...animations.map((a, i) =>
      Object.assign(element('option', `${a.name || `animation ${i}`} (${a.channels} channels)`), { value: i }),
    ),
  );
  select.value = String(input.animation ?? 0);
}
