// What a glTF client draws of a converted file in its default view, as a person opening it sees it, in headless
// Chromium: <model-viewer> (which frames a model by its bounds at load) before anything plays: each hand the recording
// ever tracks on screen in its colour (docs/gltf-profile.md: the rest pose sits where the hand is first tracked), a
// hand never tracked not; and Babylon.js (its sandbox's default camera, framing the scene's bounds, the animation
// playing) at the time each hand is first tracked: that hand. Screenshots are written beside the files
// (NAME.model-viewer.png, NAME.babylon-SIDE.png).
// Usage: node drawn.mjs INPUTANIM FILE.glb...
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  countPixels,
  decodePng,
  handPixels,
  isLeftHand,
  isRightHand,
  launchChromium,
  serveSite,
} from '../interop/viewer_site.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [tool, ...files] = process.argv.slice(2);
const PAGE = `<!doctype html><html><body style="margin:0;background:#fff">
<script type="module" src="model-viewer.min.js"></script>
<model-viewer id="mv" style="width:640px;height:480px;background:#fff"></model-viewer>
<script>
const mv = document.getElementById('mv');
window.loaded = new Promise((resolve) => {
  mv.addEventListener('load', () => resolve('load'), { once: true });
  mv.addEventListener('error', (e) => resolve('error: ' + (e.detail?.type ?? e)), { once: true });
});
mv.src = new URLSearchParams(location.search).get('src');
</script></body></html>`;
const pageFile = join(dirname(files[0]), 'model-viewer.html');
writeFileSync(pageFile, PAGE);
const served = new Map([
  ['index.html', pageFile],
  ['model-viewer.min.js', join(here, 'node_modules/@google/model-viewer/dist/model-viewer.min.js')],
  ...files.map((f) => [basename(f), f]),
]);
served.set('babylon.html', join(here, 'babylon.html'));
const site = await serveSite(join(here, '../interop/node_modules'), served); // Babylon.js's modules by their paths
const browser = await launchChromium();
let failures = 0;

async function modelViewer(file, info) {
  const page = await browser.newPage({ viewport: { width: 640, height: 480 } });
  await page.goto(`${site.origin}/index.html?src=${basename(file)}`);
  const how = await page.evaluate(() =>
    Promise.race([window.loaded, new Promise((resolve) => setTimeout(() => resolve('no load in 30 s'), 30000))]),
  );
  await page.waitForTimeout(500); // a frame or two after load
  const png = await page.screenshot();
  writeFileSync(file.replace(/\.glb$/, '.model-viewer.png'), png);
  const image = decodePng(png);
  const seen = { left: countPixels(image, isLeftHand), right: countPixels(image, isRightHand) };
  const wrong = ['left', 'right'].filter((side) => info.tracked[side].length > 0 !== seen[side] > 200);
  const ok = how === 'load' && wrong.length === 0;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} <model-viewer> on ${basename(file)} (${how}): left hand ${seen.left} pixels, right hand ` +
      `${seen.right} (tracked: left ${info.tracked.left.length > 0}, right ${info.tracked.right.length > 0})`,
  );
  await page.close();
  return ok;
}

async function babylon(file, info) {
  const page = await browser.newPage({ viewport: { width: 640, height: 480 } });
  page.on('pageerror', (e) => console.log(`  Babylon.js page error: ${e.message}`));
  await page.goto(`${site.origin}/babylon.html`);
  await page.waitForFunction(() => window.babylonReady);
  const how = await page.evaluate((src) => window.open_(src), basename(file));
  let ok = how === 'load';
  for (const side of ['left', 'right'].filter((side) => info.tracked[side].length > 0)) {
    const time = info.tracked[side][0][0] + 0.001;
    await page.evaluate((t) => window.showAt(t), time);
    const pixels = await handPixels(page, side, file.replace(/\.glb$/, `.babylon-${side}.png`));
    ok &&= pixels > 200;
    console.log(
      `${pixels > 200 ? 'ok  ' : 'FAIL'} Babylon.js's default view of ${basename(file)} (${how}) at ${time.toFixed(3)} s: ` +
        `${side} hand ${pixels} pixels`,
    );
  }
  await page.close();
  return ok;
}

for (const file of files) {
  const info = JSON.parse(execFileSync(tool, ['info', file, '--json']));
  if (!(await modelViewer(file, info))) failures++;
  if (!(await babylon(file, info))) failures++;
}
await browser.close();
site.close();
process.exit(failures ? 1 : 0);
