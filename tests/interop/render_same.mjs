// Two glTF files of one recording drawn by three.js in headless Chromium (GLTFLoader with MeshoptDecoder, lit, back
// faces culled as GLTFLoader sets them), at the same moments from the same camera: a compressed archive, whose hands
// share one mesh that each skin fits and mirrors, must look like the plain file, whose hands have a mesh each (a
// mesh turned inside out would show its inside, darker, or nothing). Fails where more than 5% of the pixels either
// file draws a hand on differ by more than 24 of 255 in a channel. Writes both views side by side to OUT.png.
// Usage: node render_same.mjs PLAIN.glb COMPRESSED.glb OUT.png TIME...
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodePng, launchChromium, serveSite } from './viewer_site.mjs';

const [plain, packed, out, ...times] = process.argv.slice(2);
const three = join(dirname(fileURLToPath(import.meta.url)), 'node_modules', 'three');
const page = `<!doctype html><meta charset="utf-8"><body style="margin:0">
<script type="importmap">{ "imports": { "three": "/three/build/three.module.js", "three/addons/": "/three/examples/jsm/" } }</script>
<script type="module">
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/addons/libs/meshopt_decoder.module.js';
const renderer = new THREE.WebGLRenderer({ preserveDrawingBuffer: true });
renderer.setSize(640, 360);
document.body.appendChild(renderer.domElement);
// Each file's scene at time t, from a camera 0.45 m in front of the hands' middle (world +Z, towards the head).
window.draw = async (url, t) => {
  const gltf = await new GLTFLoader().setMeshoptDecoder(MeshoptDecoder).loadAsync(url);
  const scene = gltf.scene;
  scene.add(new THREE.AmbientLight(0xffffff, 0.4));
  const light = new THREE.DirectionalLight(0xffffff, 2.5);
  light.position.set(0.3, 2, 1.5);
  scene.add(light);
  const mixer = new THREE.AnimationMixer(scene);
  mixer.clipAction(gltf.animations[0]).play();
  mixer.setTime(t);
  scene.updateMatrixWorld(true);
  const middle = ['Hand_Left_Palm', 'Hand_Right_Palm']
    .map((n) => scene.getObjectByName(n)?.getWorldPosition(new THREE.Vector3()))
    .filter((p) => p && p.lengthSq() > 0)
    .reduce((sum, p, _, all) => sum.addScaledVector(p, 1 / all.length), new THREE.Vector3());
  const camera = new THREE.PerspectiveCamera(50, 640 / 360, 0.01, 10);
  camera.position.copy(middle).add(new THREE.Vector3(0, 0.12, -0.45));
  camera.lookAt(middle);
  scene.traverse((o) => {
    if (o.name.startsWith('inputanim') || o.isCamera) o.visible = false;
  });
  renderer.setClearColor(0x000000);
  renderer.render(scene, camera);
  return renderer.domElement.toDataURL('image/png');
};
window.ready = true;
</script>`;
const site = mkdtempSync(join(tmpdir(), 'inputanim-render-'));
writeFileSync(join(site, 'index.html'), page);
symlinkSync(three, join(site, 'three'));
const server = await serveSite(
  site,
  new Map([
    ['plain.glb', plain],
    ['packed.glb', packed],
  ]),
);
const browser = await launchChromium();
let failed = false;
try {
  const tab = await browser.newPage({ viewport: { width: 640, height: 360 } });
  await tab.goto(`${server.origin}/index.html`);
  await tab.waitForFunction(() => window.ready, null, { timeout: 30000 });
  const shots = [];
  for (const t of times.map(Number)) {
    const [a, b] = await Promise.all(
      ['plain.glb', 'packed.glb'].map((u) => tab.evaluate(([u, t]) => window.draw(u, t), [u, t])),
    );
    const [x, y] = [a, b].map((url) => decodePng(Buffer.from(url.split(',')[1], 'base64')));
    let drawn = 0,
      differing = 0;
    for (let v = 0; v < x.height; v++)
      for (let u = 0; u < x.width; u++) {
        const [p, q] = [x.at(u, v), y.at(u, v)];
        if (Math.max(...p.slice(0, 3), ...q.slice(0, 3)) < 8) continue; // background in both
        drawn++;
        if (p.slice(0, 3).some((c, k) => Math.abs(c - q[k]) > 24)) differing++;
      }
    const ok = drawn > 2000 && differing <= drawn / 20;
    failed ||= !ok;
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} at ${t} s: ${differing} of ${drawn} drawn pixels differ between ${plain} and ${packed}`,
    );
    shots.push([a, b]);
  }
  // Both views of the first time side by side, for a person to look at.
  const side = await tab.evaluate(async ([a, b]) => {
    const images = await Promise.all(
      [a, b].map(
        (src) =>
          new Promise((r) =>
            Object.assign(new Image(), {
              src,
              onload() {
                r(this);
              },
            }),
          ),
      ),
    );
    const canvas = Object.assign(document.createElement('canvas'), { width: 1280, height: 360 });
    images.forEach((image, k) => canvas.getContext('2d').drawImage(image, 640 * k, 0));
    return canvas.toDataURL('image/png');
  }, shots[0]);
  writeFileSync(out, Buffer.from(side.split(',')[1], 'base64'));
} finally {
  await browser.close();
  server.close();
  rmSync(site, { recursive: true });
}
process.exit(failed ? 1 : 0);
