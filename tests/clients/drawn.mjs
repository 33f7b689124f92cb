// What a glTF client draws of a converted file before anything plays, as a person opening it sees it: <model-viewer>
// (which frames a model by its bounds at load) in headless Chromium. Each hand the recording ever tracks must be on
// screen in its colour (docs/gltf-profile.md: the rest pose sits where the hand is first tracked), and a hand never
// tracked must not be. Screenshots are written beside the files (NAME.model-viewer.png).
// Usage: node drawn.mjs INPUTANIM FILE.glb...
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countPixels, decodePng, isLeftHand, isRightHand, launchChromium, serveSite } from '../interop/viewer_site.mjs';

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
const site = await serveSite(here, served);
const browser = await launchChromium();
let failures = 0;
for (const file of files) {
  const info = JSON.parse(execFileSync(tool, ['info', file, '--json']));
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
  if (!ok) failures++;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} <model-viewer> on ${basename(file)} (${how}): left hand ${seen.left} pixels, right hand ` +
      `${seen.right} (tracked: left ${info.tracked.left.length > 0}, right ${info.tracked.right.length > 0})`,
  );
  await page.close();
}
await browser.close();
site.close();
process.exit(failures ? 1 : 0);
