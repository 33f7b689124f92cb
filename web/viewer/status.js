// The status line under the view (the open file in a line, a task's progress, an error) and the findings panel's
// update when the checker ends. `bindStatus` gives it the page: {state (viewer.js's), compare() (compare.js's Compare)}.
import { countFindings, showFindings } from './panel.js';
import { describeDiff } from './compare.js';

const $ = (id) => document.getElementById(id);
const STAGES = { converting: 'converting to glTF' }; // the loader's stages that the status line says otherwise
let page = null;

export function bindStatus(viewer) {
  page = viewer;
}

export function setStatus(text, isError = false) {
  $('status').textContent = $('status').title = text; // the title: all of it, where the bar cuts it short
  $('status').classList.toggle('error', isError);
}

// A task on the open file (`text` says which) shows the progress bar; null: done, the file's status line again.
export function setBusy(text) {
  $('progress').hidden = !text;
  $('progress').removeAttribute('value');
  if (text) setStatus(text);
  else if (page.state.loaded) setStatus(statusLine());
}

// An error: in the status line and the error box, and in window.inputanimViewer.
export function showError(message) {
  setStatus(message, true);
  $('error').textContent = message;
  $('error').hidden = false;
  $('progress').hidden = true;
  window.inputanimViewer = { loaded: null, error: message };
}

// A stage of opening (the loader's onStage), and when it began (for window.viewer.stageMilliseconds).
export function showStage(stage) {
  if (!(stage in page.state.stageStarts)) page.state.stageStarts[stage] = performance.now();
  $('progress').hidden = false;
  $('progress').removeAttribute('value');
  setStatus(`${page.state.name}: ${STAGES[stage] ?? stage} ...`);
}

// The file's download as the loader reports it (a ProgressEvent): the bar shows how much has come, where the server
// gave the size.
export function showProgress(event) {
  if (event.lengthComputable && event.total > 0) $('progress').value = event.loaded / event.total;
}

// The checker's findings in the panel, and the status line with their counts.
export function showChecked(findings) {
  const counts = showFindings($('findings'), findings, page.state.profile ?? []);
  if (counts.error > 0) $('panel').hidden = false; // errors are worth seeing without asking
  $('progress').hidden = true;
  setStatus(statusLine());
}

// The open file in a line: its kind, duration, keys, markers, findings and, when comparing, the comparison.
export function statusLine() {
  const { state } = page,
    compare = page.compare();
  const info = state.info;
  const counts = countFindings(info.findings);
  return (
    `${state.name}: ${state.kind}, ${info.duration.toFixed(3)} s, ${info.keys.toLocaleString()} keys, ${info.markers.length} markers` +
    (info.findings ? `, ${counts.error} errors, ${counts.warning} warnings` : '') +
    (compare.report ? `; against ${compare.name}: ${describeDiff(compare.report, compare.window)}` : '')
  );
}
