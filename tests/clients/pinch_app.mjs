// A WebXR app tested with a recording, as docs/testing-webxr.md walks through it: the example app (examples/webxr-pinch,
// a three.js button that a hand presses by pinching) in headless Chromium, with IWER as its runtime
// (iwer_install.js), replaying the IWER capture `inputanim convert` writes of a recording with pinches. The app must
// see each pinch of each hand as one press and one release by that hand, and its button pressed exactly while a hand
// pinches in the recording at the player's time (a frame at each switch aside). Then the loader package's
// InputAnimationRecorder alone, in a blank page (its own session; no app draws, so it gives the session its layer),
// records while IWER plays the capture: the take reads, nearly as long as the capture, each hand tracked in it in as
// many spans as in the recording.
// Usage: node pinch_app.mjs INPUTANIM RECORDING.bin PACKAGE_DIR (PACKAGE_DIR: the built inputanim-three package)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveSite } from '../interop/viewer_site.mjs';

const [tool, recording, packageDir] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
if (!existsSync(join(here, 'node_modules/iwer')) || !existsSync(join(root, 'tests/interop/node_modules/three'))) {
  console.log('SKIP: IWER or three.js is missing (scripts/install-deps.sh --test installs them)');
  process.exit(77);
}
if (!existsSync(join(packageDir, 'recorder.js'))) {
  console.log(`FAIL: ${packageDir} holds no built package (scripts/build-three.sh builds it)`);
  process.exit(1);
}
let failures = 0;
const expect = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
};

// The site: the app's page and a blank recorder page, IWER's installer first in each; three.js, IWER, the package and
// the capture beside them.
const work = mkdtempSync(join(tmpdir(), 'inputanim-pinch-app-'));
const site = join(work, 'site');
mkdirSync(site);
const capture = join(site, 'capture.json');
const report = JSON.parse(execFileSync(tool, ['convert', recording, capture, '--json']));
const info = report.recording;
const installer = '<script type="module" src="./iwer_install.js"></script>';
const app = readFileSync(join(root, 'examples/webxr-pinch/index.html'), 'utf8');
const mapEnd = app.indexOf('</script>', app.indexOf('type="importmap"')) + '</script>'.length;
writeFileSync(join(site, 'index.html'), app.slice(0, mapEnd) + installer + app.slice(mapEnd));
writeFileSync(
  join(site, 'recorder.html'),
  `<!doctype html><html><body>${installer}<script type="module">
  import { InputAnimationRecorder } from './inputanim-three/recorder.js';
  // Records while the capture plays to its end; the take's bytes, in base64.
  window.record = async () => {
    const recorder = new InputAnimationRecorder({ countdown: 0 });
    await recorder.start();
    await window.iwerTest.play('capture.json');
    while (window.iwerTest.player.playing) await new Promise((r) => setTimeout(r, 50));
    const take = await recorder.stop();
    let text = '';
    for (const byte of new Uint8Array(take.bytes)) text += String.fromCharCode(byte); // an ArrayBuffer
    return btoa(text);
  };
</script></body></html>`,
);
const three = join(root, 'tests/interop/node_modules/three/build');
for (const [name, target] of [
  ['three.module.js', join(three, 'three.module.js')],
  ['three.core.js', join(three, 'three.core.js')],
  ['iwer.module.js', join(here, 'node_modules/iwer/build/iwer.module.js')],
  ['iwer_install.js', join(here, 'iwer_install.js')],
  ['inputanim-three', resolve(packageDir)],
])
  symlinkSync(target, join(site, name));

const server = await serveSite(site);
const browser = await launchChromium();
try {
  await pressesSeen(await browser.newPage());
  await recordedAlone(await browser.newPage());
} catch (error) {
  expect(false, `the test ran: ${error.stack ?? error}`);
} finally {
  await browser.close();
  server.close();
}
rmSync(work, { recursive: true, force: true });
process.exit(failures ? 1 : 0);

async function pressesSeen(page) {
  page.on('pageerror', (e) => expect(false, `app page error: ${e.message}`));
  await page.goto(`${server.origin}/index.html`);
  await page.waitForFunction(() => !document.getElementById('enter').disabled);
  await page.evaluate(() => document.getElementById('enter').click()); // IWER's overlay covers the page
  await page.waitForFunction(() => window.app.session !== null);
  await page.evaluate(() => {
    window.iwerTest.watch = () => window.app.pressed;
    return window.iwerTest.play('capture.json');
  });
  await page.waitForFunction(() => !window.iwerTest.player.playing, null, { timeout: 60000 });
  const seen = await page.evaluate(() => ({ ...window.app, session: null, frames: window.iwerTest.frames }));
  for (const side of ['left', 'right']) {
    const spans = info.pinching[side];
    const starts = spans.filter(([start]) => start > 0).length,
      ends = spans.filter(([, end]) => end < info.duration).length;
    const presses = seen.presses.filter((h) => h === side).length,
      releases = seen.releases.filter((h) => h === side).length;
    expect(
      spans.length > 0 && presses === starts && releases === ends,
      `the app saw the ${side} hand's ${spans.length} pinch(es) as ${presses} press(es) and ${releases} release(s)`,
    );
  }
  // The button's state at every frame against the recording's pinching at the player's time in it.
  const frames = seen.frames.filter(([, player]) => player !== null);
  writeFileSync(join(work, 'times.txt'), frames.map(([, player]) => player / 1000).join('\n'));
  const args = ['sample', recording, '--times', join(work, 'times.txt'), '--format', 'json'];
  const sampled = execFileSync(tool, [...args, '--select', 'left.Wrist,right.Wrist'], { maxBuffer: 1 << 28 });
  const wanted = JSON.parse(sampled).frames.map((f) => f.left.pinching || f.right.pinching);
  const apart = frames.map(([, , pressed], k) => pressed !== wanted[k]);
  const stray = apart.filter((off, k) => off && wanted[k - 1] === wanted[k] && wanted[k + 1] === wanted[k]).length;
  expect(
    frames.length > 60 && stray === 0 && apart.filter(Boolean).length <= 4,
    `the button pressed exactly while a hand pinches, at ${frames.length} frames ` +
      `(${apart.filter(Boolean).length} frame(s) apart, each at a switch)`,
  );
}

async function recordedAlone(page) {
  page.on('pageerror', (e) => expect(false, `recorder page error: ${e.stack}`));
  await page.goto(`${server.origin}/recorder.html`);
  const bytes = Buffer.from(await page.evaluate(() => window.record()), 'base64');
  const take = join(work, 'take.bin');
  writeFileSync(take, bytes);
  const got = JSON.parse(execFileSync(tool, ['info', take, '--json']));
  const spans = (i, side) => i.tracked[side].length;
  expect(
    got.duration > info.duration - 1 &&
      spans(got, 'left') === spans(info, 'left') &&
      spans(got, 'right') === spans(info, 'right'),
    `the package's recorder alone took ${got.duration.toFixed(2)} s of the ${info.duration.toFixed(2)} s capture on ` +
      `IWER, each hand tracked in ${spans(got, 'left')} and ${spans(got, 'right')} span(s) as in the recording`,
  );
}
