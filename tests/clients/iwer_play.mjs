// IWER (npm `iwer`, Meta's WebXR emulation runtime) replaying `inputanim convert REC.bin REC.json` into a WebXR session
// in headless Chromium, as a test of a WebXR app would: at times spread over each recording, what the app reads (the
// viewer's pose, each hand's presence and its 25 joints in the reference space) against `inputanim sample` at the
// player's own time, mapped to WebXR's axes here (z negated); and, played in real time through each pinch, a
// selectstart and a selectend for that hand on the first animation frame past MRTK's switch.
// Usage: node iwer_play.mjs INPUTANIM REC.bin [REC.bin]...
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveSite } from '../interop/viewer_site.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [tool, ...recordings] = process.argv.slice(2);
const TIMES = 40; // checked times per recording

// WebXR's joints and MRTK's, written out here from the two specifications (XRHandJoint; MRTK's TrackedHandJoint).
const FINGERS = [
  [
    'thumb',
    'Thumb',
    ['metacarpal', 'phalanx-proximal', 'phalanx-distal', 'tip'],
    ['MetacarpalJoint', 'ProximalJoint', 'DistalJoint', 'Tip'],
  ],
  ...['index', 'middle', 'ring', 'pinky'].map((f) => [
    `${f}-finger`,
    f[0].toUpperCase() + f.slice(1),
    ['metacarpal', 'phalanx-proximal', 'phalanx-intermediate', 'phalanx-distal', 'tip'],
    ['Metacarpal', 'Knuckle', 'MiddleJoint', 'DistalJoint', 'Tip'],
  ]),
];
const MRTK_JOINT = new Map([
  ['wrist', 'Wrist'],
  ...FINGERS.flatMap(([w, m, ws, ms]) => ws.map((j, i) => [`${w}-${j}`, m + ms[i]])),
]);
const webXr = ({ position: p, rotation: q }) => [p[0], p[1], -p[2], -q[0], -q[1], q[2], q[3]];

let failures = 0;
const expect = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
};

function apart([x, y, z, ...q], [u, v, w, ...r]) {
  const dot = Math.abs(q.reduce((s, c, i) => s + c * r[i], 0)) / Math.hypot(...q) / Math.hypot(...r);
  return { position: Math.hypot(x - u, y - v, z - w), degrees: (2 * Math.acos(Math.min(1, dot)) * 180) / Math.PI };
}

// Each checked time's poses against `inputanim sample` there: {worstPosition, worstDegrees, presence mismatches}.
function compare(file, seen, switches) {
  writeFileSync(`${file}.times`, seen.map((s) => String(s.time / 1000)).join('\n'));
  const args = ['sample', file, '--times', `${file}.times`, '--format', 'json', '--coordinates', 'unity'];
  const frames = JSON.parse(execFileSync(tool, args, { maxBuffer: 1 << 30 })).frames;
  const worst = { position: 0, degrees: 0, presence: [] };
  const note = (d) => (
    (worst.position = Math.max(worst.position, d.position)),
    (worst.degrees = Math.max(worst.degrees, d.degrees))
  );
  seen.forEach((s, i) => {
    const f = frames[i];
    note(apart(s.viewer, webXr(f.camera)));
    for (const side of ['left', 'right']) {
      const hand = s.hands[side];
      const nearSwitch = switches.some((t) => Math.abs(t - s.time) < 2); // `info` gives switches to the ms
      if (Boolean(hand) !== Boolean(f[side]?.tracked) && !nearSwitch) worst.presence.push(`${side} at ${s.time} ms`);
      if (hand && f[side]?.tracked)
        for (const [name, pose] of hand) note(apart(pose, webXr(f[side].joints[MRTK_JOINT.get(name)])));
    }
  });
  return worst;
}

async function checkRecording(page, file, site) {
  const capture = file.replace(/\.bin$/, '.json');
  const report = JSON.parse(execFileSync(tool, ['convert', file, capture, '--force', '--json']));
  const info = report.recording;
  const duration = await page.evaluate((url) => window.start(url), `${site.origin}/${basename(capture)}`);
  const switches = ['tracked', 'pinching'].flatMap((k) => Object.values(info[k]).flat(2)).map((t) => t * 1000);
  const seen = [];
  for (let i = 0; i < TIMES; i++) {
    const ms = (duration * (i + 0.37)) / TIMES;
    seen.push(await page.evaluate((t) => window.at(t), ms));
  }
  const worst = compare(file, seen, switches);
  const { position, rotation } = report.tolerance;
  expect(
    worst.presence.length === 0 && worst.position <= position && worst.degrees <= rotation,
    `IWER plays ${basename(capture)} (${report.iwer.frames} frames) as MRTK plays ${basename(file)} at ${TIMES} times: ` +
      `viewer and joints within ${worst.position.toExponential(2)} m and ${worst.degrees.toExponential(2)} degrees ` +
      `(the capture's own measure: ${report.deviation.position.toExponential(2)} m, ` +
      `${report.deviation.rotation.toExponential(2)} degrees), each hand present exactly while tracked` +
      (worst.presence.length ? `; mismatched: ${worst.presence.join(', ')}` : ''),
  );
  for (const side of ['left', 'right'])
    for (const [start, end] of info.pinching[side].filter(([s]) => s * 1000 > 100)) {
      const { events, frames } = await page.evaluate(
        ([a, b]) => window.run(a, b),
        [start * 1000 - 100, end * 1000 + 100],
      );
      const at = (type) => events.filter((e) => e.type === type && e.hand === side).map((e) => e.at);
      const [starts, ends] = [at('selectstart'), at('selectend')];
      // Once, on the first frame past the switch (`info` gives it to the ms), whatever the frame rate under load.
      const before = (ms) => Math.max(-Infinity, ...frames.filter((f) => f < ms));
      const near = (times, t) =>
        times.length === 1 && frames.includes(times[0]) && times[0] > t * 1000 - 1 && before(times[0]) < t * 1000 + 1;
      expect(
        near(starts, start) && (end >= info.duration || near(ends, end)),
        `${basename(capture)}: ${side} pinch ${start.toFixed(3)}-${end.toFixed(3)} s gives selectstart at ` +
          `${starts.join(', ')} ms and selectend at ${ends.join(', ')} ms`,
      );
    }
}

const files = recordings.map((file) => [basename(file).replace(/\.bin$/, '.json'), file.replace(/\.bin$/, '.json')]);
const site = await serveSite(
  here,
  new Map([
    ['index.html', join(here, 'iwer.html')],
    ['iwer.module.js', join(here, 'node_modules/iwer/build/iwer.module.js')],
    ...files,
  ]),
);
const browser = await launchChromium();
try {
  for (const file of recordings) {
    const page = await browser.newPage();
    page.on('pageerror', (e) => expect(false, `page error: ${e.message}`));
    await page.goto(`${site.origin}/index.html`);
    await checkRecording(page, file, site);
    await page.close();
  }
} catch (error) {
  expect(false, `the check ran: ${error.stack ?? error}`);
} finally {
  await browser.close();
  site.close();
}
process.exit(failures ? 1 : 0);
