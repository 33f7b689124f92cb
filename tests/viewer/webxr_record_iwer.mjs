// The viewer's Record on a runtime the project did not write: Meta's IWER (npm `iwer`, tests/clients), installed as
// the page's navigator.xr before the viewer loads, replays in real time the IWER capture `inputanim convert` writes of
// a real recording (its left hand, and that hand mirrored half a second later as the right). IWER runs frames only
// once a base layer is set, as the specification says; the recorder gives one. Every frame's time and the player's
// time in it are logged, so that the take the page opens, played by MRTK's own reader at each recorded frame's time,
// is checked against the source as MRTK plays it at the player's time in that frame:
//   - the head and the 25 WebXR joints of each hand tracked in both within 1 mm and 1 degree;
//   - each hand tracked in the take exactly where it is in the source (a frame or two at a switch aside: IWER shows
//     a hand from its capture frame on, the source's switch lies between two of the page's frames);
//   - no marker (a hand's select is its pinch, recorded as pinching, not a marker).
// Usage: node webxr_record_iwer.mjs INPUTANIM SITE_DIR SHARED BUILD_DIR
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { downloadVia, launchChromium, serveSite } from '../interop/viewer_site.mjs';
import { mrtkReader, twoHanded } from './webxr_common.mjs';

const [tool, site, shared, build] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const iwer = join(here, '../clients/node_modules/iwer/build/iwer.module.js');
const source = join(shared, 'samples/real/handrecorder-2021-v1.0.bin');
const readerSources = join(shared, 'mrtk-reader');
if (!existsSync(iwer) || !existsSync(source) || !existsSync(readerSources) || spawnSync('mono', ['--version']).status) {
  console.log('SKIP: IWER (tests/clients), the real recording, MRTK reader or Mono is missing');
  process.exit(77);
}
const COUNTDOWN_MS = 3000; // the recorder's default countdown
const work = mkdtempSync(join(tmpdir(), 'inputanim-iwer-record-'));
const failures = [];
const expect = (ok, what) => {
  if (!ok) failures.push(what);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
};
const read = mrtkReader(build, readerSources);
const mrtk = (file, times) => {
  writeFileSync(join(work, 'times.txt'), times.join('\n'));
  return read(file, '--times-file', join(work, 'times.txt'));
};

// Both hands: the left as recorded, the right its mirror half a second later; and its capture for IWER.
const twoHands = twoHanded(tool, source, work);
const capture = join(work, 'two-hands.json');
const report = JSON.parse(execFileSync(tool, ['convert', twoHands, capture, '--json']));

// The page as users host it, with IWER installed over Chromium's own navigator.xr before the viewer's module runs
// (tests/clients/iwer_install.js: a log of every XR frame's time and the player's time in it).
const installer = '<script type="module" src="./iwer_install.js"></script>';
const page = readFileSync(join(site, 'index.html'), 'utf8');
const importMapEnd = page.indexOf('</script>', page.indexOf('type="importmap"')) + '</script>'.length;
writeFileSync(join(work, 'index.html'), page.slice(0, importMapEnd) + installer + page.slice(importMapEnd));
const server = await serveSite(
  site,
  new Map([
    ['index.html', join(work, 'index.html')],
    ['iwer.module.js', iwer],
    ['iwer_install.js', join(here, '../clients/iwer_install.js')],
    ['capture.json', capture],
  ]),
);
const browser = await launchChromium();
let frames, take;
try {
  const tab = await browser.newPage();
  tab.on('pageerror', (error) => expect(false, `page error: ${error.message}`));
  await tab.goto(`${server.origin}/index.html`);
  await tab.waitForFunction(() => !document.getElementById('record').disabled);
  await tab.click('#record');
  // The capture from the take's start on (the countdown's end), so that the take holds all of it.
  await tab.waitForFunction((countdown) => {
    const frames = window.iwerTest.frames;
    return frames.length > 0 && frames.at(-1)[0] >= frames[0][0] + countdown - 50;
  }, COUNTDOWN_MS);
  await tab.evaluate(() => window.iwerTest.play('capture.json'));
  await tab.waitForFunction(() => !window.iwerTest.player.playing, null, { timeout: 120000 });
  await tab.evaluate(() => document.getElementById('record-stop').click()); // under IWER's overlay
  await tab.waitForFunction(() => window.inputanimViewer.loaded || window.inputanimViewer.error, null, {
    timeout: 60000,
  });
  const opened = await tab.evaluate(() => window.inputanimViewer.loaded?.name ?? window.inputanimViewer.error);
  expect(/^take-\d{8}-\d{6}\.bin$/.test(opened), `the take opened in the viewer (${opened})`);
  frames = await tab.evaluate(() => window.iwerTest.frames);
  await tab.click('#edit-toggle');
  take = join(work, 'take.bin');
  writeFileSync(take, (await downloadVia(tab, '#save-bin', work)).bytes);
} finally {
  await browser.close();
  server.close();
}
checkTake();
console.log(failures.length ? `${failures.length} failed` : 'all passed');
rmSync(work, { recursive: true, force: true });
process.exit(failures.length ? 1 : 0);

function checkTake() {
  const info = JSON.parse(execFileSync(tool, ['info', take, '--json']));
  expect(info.markers.length === 0, `no marker from the hands' selects (${info.markers.length})`);
  // The recorder's take begins a countdown after the session's first frame (which both it and the log see).
  const begin = frames[0][0] + COUNTDOWN_MS;
  const played = frames
    .map(([time, player]) => ({ t: (time - begin) / 1000, c: player === null ? null : player / 1000 }))
    .filter(({ t, c }) => t >= 0 && t <= info.duration && c !== null);
  const got = mrtk(
      take,
      played.map((f) => f.t),
    ),
    want = mrtk(
      twoHands,
      played.map((f) => f.c),
    );
  expect(got.accepted && got.bytes_consumed === got.file_size, `MRTK loads the take (${got.file_size} bytes)`);
  const worst = { p: 0, r: 0, compared: 0 };
  const mismatched = { left: [], right: [] };
  got.frames.forEach((g, k) => {
    const w = want.frames[k];
    note(worst, g.camera, w.camera);
    for (const side of ['left', 'right']) {
      if (g[side].tracked !== w[side].tracked) mismatched[side].push(k);
      if (!g[side].tracked || !w[side].tracked) continue;
      g[side].joints.forEach((pose, j) => (j > 2 || j === 1 ? note(worst, pose, w[side].joints[j]) : null));
    }
  });
  const span = played.length ? played.at(-1).c - played[0].c : 0;
  // At 10 Hz or more, however loaded the machine; nearly all of the capture.
  expect(
    played.length > 100 && span > report.recording.duration - 1,
    `${played.length} frames recorded while IWER played the capture (${report.iwer.frames} frames), ` +
      `${span.toFixed(2)} s of its ${report.recording.duration.toFixed(2)} s`,
  );
  expect(
    worst.p <= 0.001 && worst.r <= 1,
    `head and ${worst.compared} joint poses within 1 mm and 1 degree of the source at the player's time ` +
      `(worst ${(worst.p * 1000).toFixed(3)} mm, ${worst.r.toFixed(4)} degrees; the capture's own measure ` +
      `${(report.deviation.position * 1000).toFixed(3)} mm, ${report.deviation.rotation.toFixed(4)} degrees)`,
  );
  for (const side of ['left', 'right']) {
    const wanted = want.frames.map((f) => f[side].tracked);
    const nearSwitch = (k) => [-2, -1, 0, 1, 2].some((d) => wanted[k + d] !== undefined && wanted[k + d] !== wanted[k]);
    const stray = mismatched[side].filter((k) => !nearSwitch(k));
    const switches = wanted.filter((on, k) => k > 0 && on !== wanted[k - 1]).length;
    expect(
      switches >= 4 && stray.length === 0, // the source's hand is lost twice and found again
      `${side} tracked as in the source at every frame, ${switches} switches (${mismatched[side].length} frames ` +
        `apart, all within two frames of a switch)`,
    );
  }
}

// The largest distance and angle so far, between MRTK's [px, py, pz, qx, qy, qz, qw] poses.
function note(worst, a, b) {
  worst.p = Math.max(worst.p, Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]));
  const na = Math.hypot(a[3], a[4], a[5], a[6]),
    nb = Math.hypot(b[3], b[4], b[5], b[6]);
  if (na > 1e-6 && nb > 1e-6) {
    const dot = Math.abs(a[3] * b[3] + a[4] * b[4] + a[5] * b[5] + a[6] * b[6]) / (na * nb);
    worst.r = Math.max(worst.r, (2 * Math.acos(Math.min(1, dot)) * 180) / Math.PI);
  }
  worst.compared++;
}
