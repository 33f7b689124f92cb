// Plays a converted file with three.js (GLTFLoader with its MeshoptDecoder, and AnimationMixer) and compares node poses with the
// library's evaluator (`inputanim sample --coordinates gltf --format json`) at every sampled time: joints in their
// hand's space, and in world space from three's world matrices while the hand is tracked.
// Usage: node play.mjs FILE.glb SAMPLE.json POS_TOL_M ROT_TOL_DEG
import { readFile } from 'node:fs/promises';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';

const [file, sampleFile, posTolText, rotTolText] = process.argv.slice(2);
const posTol = Number(posTolText),
  rotTol = Number(rotTolText);
const data = await readFile(file);
const arrayBuffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
const gltf = await new Promise((resolve, reject) =>
  new GLTFLoader().setMeshoptDecoder(MeshoptDecoder).parse(arrayBuffer, '', resolve, reject),
);
const sample = JSON.parse(await readFile(sampleFile, 'utf8'));
const scene = gltf.scene;
const byName = (name) => scene.getObjectByName(name);

const mixer = new THREE.AnimationMixer(scene);
if (gltf.animations.length > 0) {
  // Play once and hold the last pose: with the default LoopRepeat, t = duration would wrap to 0.
  const action = mixer.clipAction(gltf.animations[0]);
  action.setLoop(THREE.LoopOnce, 1);
  action.clampWhenFinished = true;
  action.play();
}
const switchTimes = { left: [], right: [] }; // Boolean switch instants, where either state is right
for (const side of ['left', 'right']) {
  let previous;
  for (const frame of sample.frames) {
    const state = frame[side] && `${frame[side].tracked}${frame[side].pinching}`;
    if (previous !== undefined && state !== previous) switchTimes[side].push(frame.time);
    previous = state;
  }
}
const nearSwitch = (side, t) => switchTimes[side].some((s) => Math.abs(s - t) < 1 / sample.rate + 1e-6);

let worstPos = 0,
  worstRot = 0,
  checks = 0,
  failures = 0;
const fail = (what) => {
  if (failures++ < 10) console.log(`FAIL ${file}: ${what}`);
};
// Rotation angle between two quaternions, normalised first; accurate for tiny angles.
const angleDeg = (q, r) => {
  const a = [q.x, q.y, q.z, q.w],
    na = Math.hypot(...a),
    nb = Math.hypot(...r);
  const sign = a[0] * r[0] + a[1] * r[1] + a[2] * r[2] + a[3] * r[3] < 0 ? -1 : 1;
  const chord = Math.hypot(...a.map((v, i) => v / na - (sign * r[i]) / nb));
  return (4 * Math.asin(Math.min(1, chord / 2)) * 180) / Math.PI;
};
// A joint's pose in its hand's space (the hand root's scale is the tracked state): its local pose in the flat rig,
// the product of the locals up to the hand root in the hierarchical one. Other nodes: their local pose.
function poseUnderHand(node) {
  const position = node.position.clone(),
    quaternion = node.quaternion.clone();
  for (let parent = node.parent; parent && /^Hand_(Left|Right)_/.test(parent.name); parent = parent.parent) {
    position.applyQuaternion(parent.quaternion).add(parent.position);
    quaternion.premultiply(parent.quaternion);
  }
  return { position, quaternion };
}
function comparePose(name, node, expected, t) {
  if (!node) return fail(`node ${name} missing`);
  const { position: p, quaternion: q } = poseUnderHand(node);
  const e = expected.position;
  const dp = Math.hypot(p.x - e[0], p.y - e[1], p.z - e[2]);
  worstPos = Math.max(worstPos, dp);
  checks++;
  if (dp > posTol) fail(`${name} position at t=${t}: ${p.toArray()} vs ${e} (${dp} m)`);
  if (expected.rotation) {
    const dr = angleDeg(q, expected.rotation);
    worstRot = Math.max(worstRot, dr);
    if (dr > rotTol) fail(`${name} rotation at t=${t}: ${q.toArray()} vs ${expected.rotation} (${dr} deg)`);
  }
}

// A hand never tracked is never shown: MRTK's empty curves put its joints at the origin, the export at a rest pose.
const everTracked = Object.fromEntries(
  ['left', 'right'].map((side) => [side, sample.frames.some((f) => f[side]?.tracked)]),
);
for (const frame of sample.frames) {
  mixer.setTime(frame.time);
  scene.updateMatrixWorld(true);
  if (frame.camera) comparePose('Camera', byName('Camera'), frame.camera, frame.time);
  for (const [side, Side] of [
    ['left', 'Left'],
    ['right', 'Right'],
  ]) {
    const hand = frame[side];
    if (!hand || !everTracked[side]) continue;
    for (const [joint, pose] of Object.entries(hand.joints))
      comparePose(`Hand_${Side}_${joint}`, byName(`Hand_${Side}_${joint}`), pose, frame.time);
    if (nearSwitch(side, frame.time)) continue;
    const tracked = byName(`Hand_${Side}`).scale.x === 1;
    const pinching = byName(`Hand_${Side}_Pinching`).scale.x === 1;
    checks++;
    if (tracked !== hand.tracked) fail(`Hand_${Side} tracked at t=${frame.time}: ${tracked} vs ${hand.tracked}`);
    if (pinching !== hand.pinching) fail(`Hand_${Side} pinching at t=${frame.time}: ${pinching} vs ${hand.pinching}`);
    if (hand.tracked)
      // While the hand root is at identity scale, each joint's world matrix (three's, composed from the nodes'
      // quaternions as they are: one off unit length skews it) holds the joint's pose. The flat rig's: the
      // hierarchy rig's locals compose to the recorded keys, which may be off unit length (for Blender).
      for (const [joint, pose] of Object.entries(hand.joints)) {
        const node = byName(`Hand_${Side}_${joint}`);
        if (node.parent.name !== `Hand_${Side}`) continue;
        const world = { position: new THREE.Vector3(), quaternion: new THREE.Quaternion(), parent: null };
        node.matrixWorld.decompose(world.position, world.quaternion, new THREE.Vector3());
        comparePose(`Hand_${Side}_${joint} in world space`, world, pose, frame.time);
      }
  }
  if (frame.gaze) {
    comparePose('Gaze', byName('Gaze'), { position: frame.gaze.origin }, frame.time);
    // The node holds the recorded direction; MRTK (and sample) play it unit length, as Unity's Ray does.
    const direction = byName('Gaze_Direction').position.clone();
    const unit = direction.length() > 1e-5 ? direction.normalize() : direction.set(0, 0, 0);
    comparePose(
      'Gaze_Direction',
      { position: unit, quaternion: new THREE.Quaternion(), parent: null },
      { position: frame.gaze.direction },
      frame.time,
    );
  }
}
console.log(
  `${failures ? 'FAIL' : 'ok  '} ${file}: ${checks} checks at ${sample.frames.length} times, ` +
    `max ${(worstPos * 1000).toPrecision(3)} mm, ${worstRot.toPrecision(3)} deg`,
);
process.exit(failures ? 1 : 0);
