// Time to first frame in headless Chromium: InputAnimationLoader.loadAsync of a recording against three's GLTFLoader
// of the .glb `inputanim convert` makes of it, each in a fresh page (nothing started ahead), paired in every run and
// alternating which goes first. The clock runs from the load's call to the first frame rendered with the scene
// (renderer.render, then a readback that waits for the GPU). Both frames draw the hands: GLTFLoader's skinned meshes are
// not culled, as the loader's are not (culled at their bind pose, out of this camera's view, they would not be drawn
// and their shaders not compiled: docs/three.md). The loader's default options: its checker runs after the hand-over,
// so not counted. --cold: a browser of its own for every page (a first visit: no HTTP, module or compiled-code cache
// from an earlier page in the same browser); else one browser for all (its caches warm after the first pages).
// --preload: the page starts its loader's library as it opens (`preload()`, as an app does at start-up, the way
// DRACOLoader's users do) and the clock starts once the library runs; else nothing is started before the call.
// Usage: node bench/loader_vs_gltf.mjs INPUTANIM SITE_DIR RECORDING [RUNS] [--cold] [--preload]   (SITE_DIR:
// build-viewer.sh's)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, serveSite } from '../tests/interop/viewer_site.mjs';

const cold = process.argv.includes('--cold');
const preload = process.argv.includes('--preload');
const [tool, site, recording, runsArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const runs = Number(runsArg ?? 5);
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const work = mkdtempSync(join(tmpdir(), 'inputanim-bench-loader-'));
execFileSync(tool, ['convert', recording, join(work, 'recording.glb'), '--force', '-q']);

writeFileSync(
  join(work, 'page.html'),
  `<!doctype html><script type="importmap">{ "imports": { "three": "./three/build/three.module.js",
  "three/addons/": "./three/examples/jsm/", "inputanim-three": "./inputanim-three/index.js" } }</script>
<script type="module">
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { InputAnimationLoader } from 'inputanim-three';
const renderer = new THREE.WebGLRenderer();
renderer.setSize(320, 240);
const camera = new THREE.PerspectiveCamera(50, 4 / 3, 0.01, 100);
const loader = new InputAnimationLoader();
window.ready = ${preload} ? loader.preload().libraryVersion() : Promise.resolve();
window.firstFrame = async (which) => {
  const start = performance.now();
  const gltf = await (which === 'loader' ? loader.loadAsync('recording.bin') : new GLTFLoader().loadAsync('recording.glb'));
  if (which === 'gltf') gltf.scene.traverse((object) => { if (object.isMesh) object.frustumCulled = false; });
  const mixer = new THREE.AnimationMixer(gltf.scene);
  mixer.clipAction(gltf.animations[0]).play();
  mixer.setTime(0);
  renderer.render(new THREE.Scene().add(gltf.scene), camera);
  renderer.getContext().readPixels(0, 0, 1, 1, renderer.getContext().RGBA, renderer.getContext().UNSIGNED_BYTE, new Uint8Array(4));
  return performance.now() - start;
};
</script>`,
);
const served = new Map([
  ['page.html', join(work, 'page.html')],
  ['recording.bin', recording],
  ['recording.glb', join(work, 'recording.glb')],
]);
const { origin, close } = await serveSite(site, served);
let browser = await launchChromium();
const times = { loader: [], gltf: [] };
try {
  for (let run = 0; run < runs; run++) {
    for (const which of run % 2 ? ['gltf', 'loader'] : ['loader', 'gltf']) {
      if (cold) {
        await browser.close();
        browser = await launchChromium();
      }
      const page = await browser.newPage();
      await page.goto(`${origin}/page.html`);
      await page.waitForFunction(() => window.firstFrame, null, { timeout: 60000 });
      await page.evaluate(() => window.ready);
      times[which].push((await page.evaluate((w) => window.firstFrame(w), which)) / 1000);
      await page.close();
    }
  }
} finally {
  await browser.close();
  close();
}
const mb = (file) => (statSync(file).size / 1e6).toFixed(1);
const range = (values) =>
  `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)})`;
console.log(
  `| ${mb(recording)} MB .bin, ${mb(join(work, 'recording.glb'))} MB .glb | ${range(times.loader)} | ${range(times.gltf)} |` +
    ` ${(median(times.loader) / median(times.gltf)).toFixed(2)}x |`,
);
rmSync(work, { recursive: true, force: true });
