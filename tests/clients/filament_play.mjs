// Filament's gltfio (npm `filament`, its WebAssembly build in headless Chromium) on converted files: world poses and
// states against the library's evaluator (`inputanim sample --coordinates gltf`), as world_check.mjs compares them,
// and what its web viewer's default view draws at the time each hand is first tracked: that hand, in its colour.
// Screenshots are written beside the files (NAME.filament-SIDE.png).
// Usage: node filament_play.mjs INPUTANIM ROT_TOL_DEG FILE.glb POS_TOL_M DRAW [FILE.glb POS_TOL_M DRAW]...
// (DRAW: 1 to check the default view, for the flat rig's plain files; the hierarchy rig rests at the origin.)
import { execFileSync } from 'node:child_process';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { handPixels, launchChromium, serveSite } from '../interop/viewer_site.mjs';
import { checkPlayback, checkedNodes, posesClient, report, sampleFor } from '../interop/world_check.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [tool, rotTolText, ...pairs] = process.argv.slice(2);
const profile = JSON.parse(execFileSync(tool, ['profile']));
const filament = join(here, 'node_modules/filament');
const jobs = [];
for (let i = 0; i < pairs.length; i += 3)
  jobs.push({ file: pairs[i], posTol: Number(pairs[i + 1]), draw: pairs[i + 2] === '1' });
const site = await serveSite(
  here,
  new Map([
    ['index.html', join(here, 'filament.html')],
    ['filament.js', join(filament, 'filament.js')],
    ['filament.wasm', join(filament, 'filament.wasm')],
    ...jobs.map(({ file }) => [basename(file), file]),
  ]),
);
const browser = await launchChromium();
const sides = Object.entries(profile.nodes.hands); // [['Left', 'Hand_Left'], ...]
const names = checkedNodes(profile);

async function drawn(page, file, info) {
  const seen = [];
  for (const [Side] of sides) {
    const side = Side.toLowerCase();
    const spans = info.tracked[side];
    if (!spans.length) continue;
    await page.evaluate((t) => window.drawAt(t), spans[0][0] + 0.001);
    const pixels = await handPixels(page, side, file.replace(/\.glb$/, `.filament-${side}.png`));
    seen.push({ side, pixels, ok: pixels > 200 });
  }
  return seen;
}

let failures = 0;
const page = await browser.newPage({ viewport: { width: 640, height: 480 } });
page.on('pageerror', (e) => console.log(`  page error: ${e.message}`));
page.on(
  'console',
  (m) =>
    m.type() === 'error' && !m.text().startsWith('Failed to load resource') && console.log(`  console: ${m.text()}`),
);
await page.goto(`${site.origin}/index.html`);
for (const { file, posTol, draw } of jobs) {
  const { info, sample } = sampleFor(tool, file, 60);
  // Filament loops (its time taken modulo the duration): at the duration it shows the start, a time left out.
  const duration = await page.evaluate((src) => window.open_(src), basename(file));
  const times = sample.frames.map((f) => f.time);
  const poses = await page.evaluate(([t, n]) => window.poses(t, n), [times, names]);
  const played = checkPlayback(sample, posesClient(poses, times, names, duration), posTol, Number(rotTolText));
  if (!report(played, `${basename(file)} (Filament)`, times.length)) failures++;
  for (const { side, pixels, ok } of draw ? await drawn(page, file, info) : []) {
    console.log(`${ok ? 'ok  ' : 'FAIL'} Filament's default view of ${basename(file)}: ${side} hand ${pixels} pixels`);
    if (!ok) failures++;
  }
}
await browser.close();
site.close();
process.exit(failures ? 1 : 0);
