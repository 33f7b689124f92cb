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
import { checkPlayback, report } from './world_check.mjs';

const [file, sampleFile, posTolText, rotTolText] = process.argv.slice(2);
const posTol = Number(posTolText),
  rotTol = Number(rotTolText);
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

const failures = [];
let checks = 0;
const fail = (what) => failures.length < 10 && failures.push(what);
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
const played = checkPlayback(
  sample,
  {
    seek: (t) => group?.goToFrame(t * fps),
    world: (name) => {
      const n = node(name);
      if (!n) return null;
      const position = new Vector3(),
        rotation = new Quaternion();
      n.computeWorldMatrix(true).decompose(new Vector3(), rotation, position);
      return { position: position.asArray(), rotation };
    },
    scale: (name) => node(name)?.scaling.x ?? null,
  },
  posTol,
  rotTol,
);
played.checks += checks;
played.failures.unshift(...failures);
process.exit(report(played, `${file} (Babylon.js)`, sample.frames.length) ? 0 : 1);
