// Plays a converted file with Babylon.js (its glTF loader on a NullEngine, in Node: the animation and node matrices of
// what a Babylon.js page draws, without a GPU) and compares it with the library's evaluator (`inputanim sample
// --coordinates gltf --format json`) at every sampled time: the camera's and, while a hand is tracked, each joint's
// world position and rotation from Babylon's world matrices; and both states of each hand (a node's scale above 1/2),
// away from a switch by more than 2 ms; and before anything plays, that each hand's mesh bounds hold the hand.
// Usage: node babylon_play.mjs FILE.glb SAMPLE.json POS_TOL_M ROT_TOL_DEG
import { readFileSync } from 'node:fs';
import { NullEngine } from '@babylonjs/core/Engines/nullEngine.js';
import { Logger } from '@babylonjs/core/Misc/logger.js';
import { LoadAssetContainerAsync } from '@babylonjs/core/Loading/sceneLoader.js';
import { Quaternion, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { Scene } from '@babylonjs/core/scene.js';
import '@babylonjs/loaders/glTF/2.0/index.js';

const [file, sampleFile, posTolText, rotTolText] = process.argv.slice(2);
const posTol = Number(posTolText),
  rotTol = Number(rotTolText),
  switchTolerance = 0.002;
Logger.LogLevels = Logger.ErrorLogLevel;
const scene = new Scene(new NullEngine());
scene.useRightHandedSystem = true; // glTF's own axes: no __root__ node turning the scene
const container = await LoadAssetContainerAsync(new Uint8Array(readFileSync(file)), scene, {
  pluginExtension: '.glb',
});
container.addAllToScene();
const sample = JSON.parse(readFileSync(sampleFile, 'utf8'));
const group = scene.animationGroups[0];
const fps = group?.targetedAnimations[0]?.animation.framePerSecond ?? 60;
group?.start(false);
group?.pause();
const node = (name) => scene.getTransformNodeByName(name) ?? scene.getMeshByName(name);

const switches = { left: [], right: [] };
for (const side of ['left', 'right'])
  sample.frames.forEach((f, i) => {
    const before = sample.frames[i - 1]?.[side];
    if (before && f[side] && (before.tracked !== f[side].tracked || before.pinching !== f[side].pinching))
      switches[side].push(sample.frames[i - 1].time, f.time);
  });
const nearSwitch = (side, t) => switches[side].some((s) => Math.abs(s - t) < switchTolerance);
const angleDeg = (a, b) => {
  const d = Math.abs(a.x * b[0] + a.y * b[1] + a.z * b[2] + a.w * b[3]) / (a.length() * Math.hypot(...b));
  return (2 * Math.acos(Math.min(1, d)) * 180) / Math.PI;
};
let worstPos = 0,
  worstRot = 0,
  checks = 0;
const failures = [];
const fail = (what) => failures.length < 10 && failures.push(what);
function compare(name, expected, t) {
  const n = node(name);
  if (!n) return fail(`${name}: no node`);
  const position = new Vector3(),
    rotation = new Quaternion(),
    scale = new Vector3();
  n.computeWorldMatrix(true).decompose(scale, rotation, position);
  const e = expected.position;
  const dp = Math.hypot(position.x - e[0], position.y - e[1], position.z - e[2]);
  const dr = expected.rotation ? angleDeg(rotation, expected.rotation) : 0;
  worstPos = Math.max(worstPos, dp);
  worstRot = Math.max(worstRot, dr);
  checks++;
  if (dp > posTol || dr > rotTol)
    fail(`${name} at ${t.toFixed(4)} s: ${(dp * 1000).toPrecision(3)} mm, ${dr.toPrecision(3)} degrees`);
}
// Before anything plays, each hand's mesh bounds (Babylon's, from the skin's bind pose, by which engines cull and
// frame) hold the hand where it is first tracked: its wrist then, within 5 cm. The flat rig's: the hierarchy rig
// (Blender's) rests at the origin.
for (const [side, Side] of [
  ['left', 'Left'],
  ['right', 'Right'],
]) {
  const first = sample.frames.find((f) => f[side]?.tracked);
  const mesh = scene.meshes.find((m) => m.name.startsWith(`Hand_${Side}_Mesh`));
  if (!first || !mesh || node(`Hand_${Side}_IndexTip`)?.parent?.name !== `Hand_${Side}`) continue;
  const box = mesh.getBoundingInfo().boundingBox,
    w = first[side].joints.Wrist.position;
  checks++;
  if (
    ![0, 1, 2].every((c) => w[c] > box.minimumWorld.asArray()[c] - 0.05 && w[c] < box.maximumWorld.asArray()[c] + 0.05)
  )
    fail(
      `Hand_${Side}_Mesh's bounds at load (${box.minimumWorld}, ${box.maximumWorld}) miss the first tracked wrist ${w}`,
    );
}
for (const frame of sample.frames) {
  const t = frame.time;
  group?.goToFrame(t * fps);
  if (frame.camera) compare('Camera', frame.camera, t);
  for (const [side, Side] of [
    ['left', 'Left'],
    ['right', 'Right'],
  ]) {
    const hand = frame[side];
    if (!hand || nearSwitch(side, t) || !node(`Hand_${Side}`)) continue;
    const tracked = node(`Hand_${Side}`).scaling.x > 0.5,
      pinching = node(`Hand_${Side}_Pinching`).scaling.x > 0.5;
    checks++;
    if (tracked !== hand.tracked || pinching !== hand.pinching)
      fail(`Hand_${Side} at ${t.toFixed(4)} s: tracked ${tracked}, pinching ${pinching}`);
    if (hand.tracked)
      for (const [joint, pose] of Object.entries(hand.joints)) compare(`Hand_${Side}_${joint}`, pose, t);
  }
}
console.log(
  `${failures.length ? 'FAIL' : 'ok  '} ${file} (Babylon.js): ${checks} checks at ${sample.frames.length} times, ` +
    `max ${(worstPos * 1000).toPrecision(3)} mm, ${worstRot.toPrecision(3)} deg`,
);
for (const f of failures) console.log(`  ${f}`);
process.exit(failures.length ? 1 : 0);
