// The three.js loader package (web/inputanim-three), as a three.js developer uses it: `npm pack`ed, installed offline
// into a blank project beside three.js, and imported by a page through an import map, in headless Chromium. Checked:
// its TypeScript declarations with tsc; the README's example drawing the hand; the package imported from another
// origin; against the native CLI, joint world positions with a mixer at three times (`inputanim sample`, 1e-4 m),
// jointPose, edit() (the bytes of `inputanim trim` then `mirror`), stateAt at every Boolean switch and just before
// it, a .gltf with its buffer in a folder, a foreign rig (the `animation` and `map` options), a compressed archive
// (three_loader_formats.mjs); and the failures, three's Loader contract and dispose() of three_loader_failures.mjs.
// Usage: node three_loader.mjs INPUTANIM PACKAGE.tgz RECORDING.bin [FOREIGN.gltf]   (without FOREIGN: a rig made from
//        RECORDING, generated_rig.mjs)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { countPixels, decodePng, isLeftHand, launchChromium, serveSite } from '../interop/viewer_site.mjs';
import { generatedRig } from './generated_rig.mjs';
import { checkContract, checkDispose, checkFailures, checkStreaming, writeBroken } from './three_loader_failures.mjs';
import { checkCompressed, checkCompressedExport, checkForeignRig, checkSeparateGltf } from './three_loader_formats.mjs';

const [tool, tarball, recording, given] = process.argv.slice(2);
const work = mkdtempSync(join(tmpdir(), 'inputanim-three-'));
const foreign = given ?? generatedRig(tool, recording, work);
const failures = [];
const expect = (ok, what) => {
  if (!ok) failures.push(what);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
};
const TOLERANCE = 1e-4; // metres: the glTF profile's fits and Float32 key values
const same = (a, b) => a.length === b.length && a.every((v, k) => Math.abs(v - b[k]) < 1e-12); // numbers from one evaluation
const errors = []; // what the pages log as errors
// ---- a blank project: the packed loader and three.js from npm's cache, and a page with an import map ----
const app = join(work, 'app');
mkdirSync(app);
writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'blank', private: true, type: 'module' }));
// three.js as the tests' lock file pins it, by its tarball's address (which npm's cache holds after `npm ci`).
// INPUTANIM_THREE_VERSION tries another version (from the registry: not offline); npm refuses one outside the
// package's peer range.
const threeVersion =
  process.env.INPUTANIM_THREE_VERSION ??
  JSON.parse(readFileSync(new URL('../interop/package-lock.json', import.meta.url))).packages['node_modules/three']
    .version;
const registry = execFileSync('npm', ['config', 'get', 'registry']).toString().trim().replace(/\/?$/, '/');
execFileSync(
  'npm',
  [
    'install',
    process.env.INPUTANIM_THREE_VERSION ? '--prefer-online' : '--offline',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    resolve(tarball),
    `${registry}three/-/three-${threeVersion}.tgz`,
  ],
  { cwd: app, stdio: 'inherit' },
);
writeFileSync(
  join(app, 'index.html'),
  `<!doctype html><meta charset="utf-8">
<script type="importmap">{ "imports": { "three": "./node_modules/three/build/three.module.js",
  "three/addons/": "./node_modules/three/examples/jsm/", "inputanim-three": "./node_modules/inputanim-three/index.js" } }</script>
<script type="module">
import * as THREE from 'three';
import { InputAnimationLoader } from 'inputanim-three';
window.unhandled = [];
addEventListener('unhandledrejection', (event) => window.unhandled.push(String(event.reason?.message ?? event.reason)));
window.lib = { THREE, InputAnimationLoader };
</script>`,
);
// The README's example, as a page of its own.
const readme = readFileSync(join(app, 'node_modules/inputanim-three/README.md'), 'utf8');
const example = readme.match(/```js\n([\s\S]*?)```/)[1];
writeFileSync(
  join(app, 'example.html'),
  `<!doctype html><meta charset="utf-8"><style>body { margin: 0 }</style>
<script type="importmap">{ "imports": { "three": "./node_modules/three/build/three.module.js",
  "three/addons/": "./node_modules/three/examples/jsm/", "inputanim-three": "./node_modules/inputanim-three/index.js" } }</script>
<script type="module">${example}</script>`,
);

// The TypeScript declarations, as a strict TypeScript app uses them (tsc and three.js's types from the tests' npm
// packages): the package resolves by its exports, the result and the recording are typed, misuse is refused.
const interop = new URL('../interop/', import.meta.url).pathname; // the npm test helpers
writeFileSync(
  join(app, 'typed.ts'),
  `import * as THREE from 'three';
import { InputAnimationLoader, type InputAnimationGLTF, type JointPose } from 'inputanim-three';
const loader: InputAnimationLoader = new InputAnimationLoader(new THREE.LoadingManager()).setOptions({ check: false, side: 'left', animation: 1 });
const gltf: InputAnimationGLTF = await loader.setPath('models/').loadAsync('recording.bin');
const mixer = new THREE.AnimationMixer(gltf.scene);
mixer.clipAction(gltf.animations[0]).play();
const pose: JointPose = await gltf.recording.jointPose('right', 'IndexTip', 1.5, { coordinates: 'unity' });
const tracked: boolean = gltf.recording.stateAt(2).left.tracked && pose.tracked;
const frames = await gltf.recording.sample([0, 0.5], { select: ['camera'] });
const { blob } = await gltf.recording.export('bin');
const edited: number = (await gltf.recording.edit([{ trim: { start: 'press', end: 2 } }, { mirror: true }, { retime: 2 }])).duration;
loader.parse(new ArrayBuffer(8), '', (result) => result.recording.dispose(), (error: Error) => console.log(error.message));
console.log(tracked, frames.length, blob.size, edited, gltf.recording.tracked.left[0]?.[1], gltf.cameras.length);
gltf.recording.dispose();
// @ts-expect-error: a side is 'left' or 'right'
loader.setOptions({ side: 'up' });
// @ts-expect-error: export writes 'glb' or 'bin'
gltf.recording.export('gltf');
`,
);
writeFileSync(
  join(app, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      module: 'esnext',
      target: 'es2022',
      moduleResolution: 'bundler',
      lib: ['es2022', 'dom'],
      types: [],
      paths: { three: [`${interop}node_modules/@types/three`], 'three/*': [`${interop}node_modules/@types/three/*`] },
    },
    files: ['typed.ts'],
  }),
);
const tsc = (() => {
  try {
    return execFileSync(join(interop, 'node_modules/.bin/tsc'), ['-p', app]).toString();
  } catch (e) {
    return e.stdout?.toString() || e.message;
  }
})();
expect(
  tsc.trim() === '',
  `index.d.ts: a strict TypeScript use of the API compiles, and misuse does not (tsc: ${tsc.trim() || 'no errors'})`,
);

// ---- what the CLI says ----
// Served: the recording, broken copies (writeBroken), the foreign rig, the recording compressed, and as a .gltf with
// its buffer beside it in a folder (fetched by the loader through setPath).
writeBroken(tool, recording, work);
execFileSync(tool, ['convert', recording, join(work, 'separate.gltf'), '-q', '--force']);
execFileSync(tool, ['convert', recording, join(work, 'real.meshopt.glb'), '--compress', 'meshopt', '-q', '--force']);
const separateBuffer = JSON.parse(readFileSync(join(work, 'separate.gltf'))).buffers[0].uri;
const served = new Map([
  ['real.bin', recording],
  ['recording.bin', recording],
  ['broken.bin', join(work, 'broken.bin')],
  ['damaged.glb', join(work, 'damaged.glb')],
  ['real.meshopt.glb', join(work, 'real.meshopt.glb')],
  [basename(foreign), foreign],
  ['in folder/separate.gltf', join(work, 'separate.gltf')],
  [`in folder/${separateBuffer}`, join(work, separateBuffer)],
]);
const info = JSON.parse(execFileSync(tool, ['info', recording, '--json']));
const sampled = (file, times, ...options) => {
  writeFileSync(join(work, 'times.txt'), times.join('\n'));
  const coordinates = options.includes('--coordinates') ? [] : ['--coordinates', 'gltf']; // the scene's, unless asked
  return JSON.parse(
    execFileSync(
      tool,
      ['sample', file, '--times', join(work, 'times.txt'), '--format', 'json', ...coordinates, ...options],
      { maxBuffer: 1 << 28 },
    ),
  ).frames;
};
// Three times inside the left hand's tracked intervals (the real recording is left-handed), not on a key.
const trackedLeft = info.tracked.left.filter(([s, e]) => e - s > 0.5);
const times = [trackedLeft[0], trackedLeft[trackedLeft.length >> 1], trackedLeft[trackedLeft.length - 1]].map(
  ([s, e]) => s + (e - s) * 0.37,
);
const switches = [...new Set([...Object.values(info.tracked), ...Object.values(info.pinching)].flat(2))].filter(
  (t) => t > 0 && t < info.duration,
);

const { origin, close } = await serveSite(app, served);
const cdn = await serveSite(app); // the package from another origin, as from a CDN
writeFileSync(
  join(app, 'cdn.html'),
  `<!doctype html><meta charset="utf-8">
<script type="importmap">{ "imports": { "three": "./node_modules/three/build/three.module.js",
  "three/addons/": "./node_modules/three/examples/jsm/", "inputanim-three": "${cdn.origin}/node_modules/inputanim-three/index.js" } }</script>
<script type="module">
import { InputAnimationLoader } from 'inputanim-three';
new InputAnimationLoader().loadAsync('real.bin').then((gltf) => { window.loaded = gltf.recording.duration; }, (e) => { window.loaded = e.message; });
</script>`,
);
// The README's example: the left hand (the file's blue) on the screen once it plays.
async function checkExample(browser) {
  const examplePage = await browser.newPage({ viewport: { width: 640, height: 480 } });
  examplePage.on('pageerror', (error) => errors.push(error.message));
  await examplePage.goto(`${origin}/example.html`);
  // The example has no hook to wait on: its screen, until the hand shows (a busy machine starts it late).
  let blue = 0;
  for (const started = Date.now(); blue <= 500 && Date.now() - started < 60000; ) {
    await examplePage.waitForTimeout(500);
    blue = countPixels(decodePng(await examplePage.screenshot()), isLeftHand);
  }
  writeFileSync(join(tmpdir(), 'inputanim-three-example.png'), await examplePage.screenshot());
  expect(
    blue > 500,
    `the README's ${
      example
        .trim()
        .split('\n')
        .filter((l) => l.trim()).length
    }-line example plays the recording: ${blue} pixels of the left hand`,
  );
  await examplePage.close();
}

// The package served from another origin (a CDN): its worker starts through a same-origin script.
async function checkFromAnotherOrigin(browser) {
  const cdnPage = await browser.newPage();
  cdnPage.on('pageerror', (error) => errors.push(error.message));
  await cdnPage.goto(`${origin}/cdn.html`);
  await cdnPage.waitForFunction(() => window.loaded !== undefined, null, { timeout: 30000 });
  const fromCdn = await cdnPage.evaluate(() => window.loaded);
  expect(fromCdn === info.duration, `imported from another origin (${cdn.origin}): loads real.bin (${fromCdn})`);
  await cdnPage.close();
}

// The real recording, played with a mixer at `times`, and what its recording answers (window.real keeps it).
function playRealRecording(page) {
  return page.evaluate(async (times) => {
    const { THREE, InputAnimationLoader } = window.lib;
    const loader = new InputAnimationLoader().preload(); // readied with recordings of its own, then loads there
    const warmed = await loader.pool.workers[0].codeReady;
    const gltf = await loader.loadAsync('real.bin');
    const mixer = new THREE.AnimationMixer(gltf.scene);
    mixer.clipAction(gltf.animations[0]).play();
    mixer.update(0.5); // plays
    const frames = times.map((t) => {
      mixer.setTime(t);
      gltf.scene.updateMatrixWorld(true);
      const joints = {};
      gltf.scene.traverse((o) => {
        if (/^Hand_Left_(?!Mesh$|Pinching$|None$)\w+$/.test(o.name))
          joints[o.name.slice(10)] = o.getWorldPosition(new THREE.Vector3()).toArray();
      });
      return { joints, handScale: gltf.scene.getObjectByName('Hand_Left').scale.x };
    });
    const r = gltf.recording;
    window.real = r;
    return {
      warmed,
      frames,
      duration: r.duration,
      sections: r.sections,
      format: r.format,
      markers: r.markers,
      findings: await r.checked,
      clips: gltf.animations.map((a) => a.name),
      cameras: gltf.cameras.length,
      helpers: Object.keys(r.helpers ?? {}).filter((k) => r.helpers[k]),
      pose: await r.jointPose('left', 'IndexTip', times[1]),
      unity: await r.jointPose('left', 'IndexTip', times[1], { coordinates: 'unity' }),
      noJoint: await r.jointPose('left', 'Elbow', 1).then(
        () => 'answered',
        (e) => e.message,
      ),
      badEdits: await Promise.all(
        [
          [{ trim: { keepTime: 'yes' } }],
          [{ trim: { start: 'no such marker' } }],
          [{ retime: -1 }],
          [{ markers: { add: [{ time: 1e300, name: 'x' }] } }],
          [{ cut: 1 }],
          null,
          42,
          {},
          Array(5000).fill({ retime: 1.0001 }),
        ].map((edits) =>
          r.edit(edits).then(
            () => 'edited',
            (e) => `${e.constructor.name === 'Error' ? '' : e.constructor.name}${e.message}`,
          ),
        ),
      ),
      afterBadEdits: await r.jointPose('left', 'Wrist', 1).then(
        () => 'answered',
        (e) => e.message,
      ),
      edited: await r.edit([{ trim: { start: 1, end: 3 } }, { mirror: true }]).then(async ({ blob, duration }) => ({
        duration,
        sha256: [...new Uint8Array(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer()))]
          .map((b) => b.toString(16).padStart(2, '0'))
          .join(''),
      })),
    };
  }, times);
}

// Each tracked joint's world position against `sample`; the summary against `info`; jointPose against `sample`.
function checkPlayed(played) {
  const cli = sampled(recording, times, '--select', 'left');
  let worst = 0,
    count = 0;
  played.frames.forEach((frame, i) => {
    for (const [name, position] of Object.entries(frame.joints)) {
      const expected = cli[i].left.joints[name].position;
      worst = Math.max(worst, Math.hypot(...position.map((v, k) => v - expected[k])));
      count++;
    }
  });
  expect(played.warmed === true, 'preload() readies the library: its own recordings open and draw in the worker');
  expect(
    count === 3 * 26 && worst <= TOLERANCE && played.frames.every((f) => f.handScale === 1),
    `real.bin with a mixer: ${count} tracked joint positions at ${times.map((t) => t.toFixed(3)).join(', ')} s within ${worst.toExponential(2)} m of \`inputanim sample\``,
  );
  expect(
    Math.abs(played.duration - info.duration) < 1e-9 &&
      played.format === `MRTK ${info.format.version} ${info.format.layout}` &&
      JSON.stringify(played.markers.map((m) => m.name)) === JSON.stringify(info.markers.map((m) => m.name)) &&
      JSON.stringify(played.findings) === JSON.stringify(info.findings),
    `recording: ${played.format}, ${played.duration} s, [${played.sections}], ${played.markers.length} markers, ${played.findings.length} findings as \`inputanim info\``,
  );
  expect(
    played.clips.includes('InputAnimation') &&
      played.cameras === 1 &&
      played.helpers.join() === (played.sections.includes('gaze') ? 'gazeRay,headFrustum' : 'headFrustum'),
    `GLTFLoader's result: clips [${played.clips}], ${played.cameras} camera, helpers [${played.helpers}]`,
  );
  const unityCli = sampled(recording, [times[1]], '--select', 'left.IndexTip', '--coordinates', 'unity')[0].left.joints
    .IndexTip;
  expect(
    same(played.pose.position, cli[1].left.joints.IndexTip.position) &&
      same(played.pose.rotation, cli[1].left.joints.IndexTip.rotation) &&
      same(played.unity.position, unityCli.position) &&
      played.pose.tracked === true,
    `jointPose('left', 'IndexTip', ${times[1].toFixed(3)}) is \`sample\`'s, in glTF and Unity coordinates`,
  );
}

// edit() against the CLI's edit verbs, byte for byte; bad edits and an unknown joint refused.
function checkEdits(played) {
  execFileSync(tool, ['trim', recording, join(work, 'trimmed.bin'), '--start', '1', '--end', '3', '-q', '--force']);
  execFileSync(tool, ['mirror', join(work, 'trimmed.bin'), join(work, 'mirrored.bin'), '-q', '--force']);
  const cliSha = createHash('sha256')
    .update(readFileSync(join(work, 'mirrored.bin')))
    .digest('hex');
  expect(
    played.edited.duration === 2 && played.edited.sha256 === cliSha,
    `edit([trim 1-3 s, mirror]): ${played.edited.duration} s, the bytes of \`inputanim trim\` then \`mirror\` (SHA-256 ${cliSha.slice(0, 12)})`,
  );
  expect(
    played.badEdits.every((m) => m.startsWith('real.bin: ')) &&
      played.afterBadEdits === 'answered' &&
      played.badEdits.slice(5, 8).every((m) => m.includes('edit takes an array of edits')) &&
      played.badEdits[8].includes('more than the 100'),
    `bad edits are refused naming the file, and the recording still answers: ${played.badEdits.map((m) => `"${m.slice(10, 70)}"`).join(', ')}`,
  );
  expect(
    played.noJoint.startsWith('real.bin: ') && played.noJoint.includes('Elbow'),
    `an unknown joint is refused naming the file: "${played.noJoint}"`,
  );
}

// stateAt at each Boolean switch, and 0.1 ms before it, against `sample`'s states.
async function checkStates(page) {
  const probe = switches.flatMap((t) => [t, t - 1e-4]).concat([0, info.duration]);
  const states = await page.evaluate((probe) => probe.map((t) => window.real.stateAt(t)), probe);
  const cliStates = sampled(recording, probe, '--select', 'left,right');
  const wrong = probe.filter((t, i) =>
    ['left', 'right'].some((h) => ['tracked', 'pinching'].some((s) => states[i][h][s] !== cliStates[i][h][s])),
  );
  expect(
    switches.length >= 6 && wrong.length === 0,
    `stateAt at ${switches.length} switches and just before each: as \`sample\`${wrong.length ? ` except at ${wrong}` : ''}`,
  );
}

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 640, height: 480 } });
  page.on('pageerror', (error) => errors.push(error.message));
  const wasmFetches = []; // the page's and its workers'
  page.on('request', (request) => request.url().endsWith('/inputanim.wasm') && wasmFetches.push(request.url()));
  await page.goto(`${origin}/index.html`);
  await page.waitForFunction(() => window.lib, null, { timeout: 30000 });
  await checkExample(browser);
  await checkFromAnotherOrigin(browser);
  const played = await playRealRecording(page);
  checkPlayed(played);
  checkEdits(played);
  await checkStates(page);
  const formats = { expect, pose: played.pose, time: times[1], same, tolerance: TOLERANCE, separateBuffer };
  await checkSeparateGltf(page, formats);
  await checkCompressed(page, formats);
  await checkCompressedExport(page, { expect, recording, tool, work });
  await checkForeignRig(page, { expect, foreign, sampled, tolerance: TOLERANCE, tool, work });
  const context = { expect, info, recording, tool, work };
  await checkFailures(page, context);
  await checkContract(page, context);
  await checkStreaming(page, context);
  await checkDispose(page, context);
  expect(errors.length === 0, `the page logs no error (${errors.join('; ')})`);
  const packaged = wasmFetches.filter((url) => !url.includes('/nowhere/')); // setLibraryPath's is another
  expect(packaged.length === 1, `every worker of the page ran the module compiled once (${packaged.join(', ')})`);
} catch (error) {
  expect(false, `the test ran: ${error.stack ?? error}`);
} finally {
  await browser.close();
  close();
  cdn.close();
  rmSync(work, { recursive: true, force: true });
}
if (failures.length) {
  console.log(`three.js loader: ${failures.length} check(s) failed`);
  process.exit(1);
}
console.log('three.js loader: all passed');
