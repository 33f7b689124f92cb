// EXT_meshopt_compression through glTF-Transform and meshoptimizer's own decoder and encoder (npm), independent of the
// library's codec.
// Usage: node meshopt.mjs same COMPRESSED.glb PLAIN.glb  (exit 1 unless every animation channel decodes to the same
//        keys, every static mesh to the same vertices and each skinned mesh, skinned at rest, to the same surface)
//        node meshopt.mjs motion COMPRESSED.glb PLAIN.glb SAMPLE.json BOUND  (both files' hand meshes skinned with the
//        joints where `inputanim sample --format json --coordinates gltf` puts them: exit 1 if farther apart than BOUND m)
//        node meshopt.mjs encode PLAIN.glb OUT.glb       (glTF-Transform's meshopt compression, its filter method)
import { readFileSync } from 'node:fs';
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS, EXTMeshoptCompression } from '@gltf-transform/extensions';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';

await MeshoptDecoder.ready;
await MeshoptEncoder.ready;
const io = new NodeIO()
  .registerExtensions(ALL_EXTENSIONS)
  .registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder });
const [command, first, second] = process.argv.slice(2);

const named = (document) =>
  new Map(
    document
      .getRoot()
      .listNodes()
      .map((node) => [node.getName(), node]),
  );
const equal = (x, y) => x && y && x.length === y.length && x.every((v, k) => Object.is(v, y[k]));

// Every channel of A's animation has a channel of B's on the same node and path with the same times and values.
function sameChannels(a, b) {
  const key = (channel) => `${channel.getTargetNode().getName()}.${channel.getTargetPath()}`;
  const theirs = new Map(
    b
      .getRoot()
      .listAnimations()[0]
      ?.listChannels()
      .map((c) => [key(c), c]) ?? [],
  );
  const differing = [];
  for (const channel of a.getRoot().listAnimations()[0]?.listChannels() ?? []) {
    const other = theirs.get(key(channel));
    const [mine, their] = [channel.getSampler(), other?.getSampler()];
    if (
      !their ||
      mine.getInterpolation() !== their.getInterpolation() ||
      !equal(mine.getInput().getArray(), their.getInput().getArray()) ||
      !equal(mine.getOutput().getArray(), their.getOutput().getArray())
    )
      differing.push(`channel ${key(channel)} differs`);
  }
  return differing;
}

// A 4x4 column-major matrix times (x, y, z, w).
const apply = (m, [x, y, z], w) => [0, 1, 2].map((r) => m[r] * x + m[4 + r] * y + m[8 + r] * z + m[12 + r] * w);

// Each vertex of a skinned primitive where the skin puts it with its joints' world matrices `joints` (by the skin's
// joints; the rest pose's when not given): the sum over its joints of weight * joint's matrix * inverse bind matrix *
// position, as glTF's skinning defines it.
function skinned(
  node,
  primitive,
  joints = node
    .getSkin()
    .listJoints()
    .map((joint) => joint.getWorldMatrix()),
) {
  const binds = node.getSkin().getInverseBindMatrices().getArray();
  const [position, jointIndex, weight] = ['POSITION', 'JOINTS_0', 'WEIGHTS_0'].map((n) => primitive.getAttribute(n));
  const out = [];
  for (let v = 0; v < position.getCount(); v++) {
    const p = position.getElement(v, []),
      j = jointIndex.getElement(v, []),
      w = weight.getElement(v, []);
    const sum = [0, 0, 0];
    for (let i = 0; i < 4; i++) {
      if (w[i] === 0) continue;
      const local = apply(binds.subarray(16 * j[i], 16 * j[i] + 16), p, 1);
      apply(joints[j[i]], local, 1).forEach((c, k) => (sum[k] += w[i] * c));
    }
    out.push(sum);
  }
  return out;
}
const farthest = (x, y) =>
  x.length === y.length ? Math.max(...x.map((p, v) => Math.hypot(...p.map((c, k) => c - y[v][k])))) : Infinity;

// A pose's rotation matrix (column-major) with its translation.
function poseMatrix([px, py, pz], [x, y, z, w]) {
  // prettier-ignore
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0,
    2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0,
    2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0,
    px, py, pz, 1,
  ];
}

// How far apart two files' hand meshes are drawn in motion: with each skin's joints where `inputanim sample`'s frames
// (glTF coordinates) put them, every tenth frame where the hand is tracked. The largest distance, in metres.
function motionApart(a, b, frames) {
  let worst = 0;
  for (const side of ['Left', 'Right']) {
    const [x, y] = [a, b].map((d) => named(d).get(`Hand_${side}_Mesh`));
    if (!x || !y) continue;
    for (const frame of frames.filter((f, k) => k % 10 === 0 && f[side.toLowerCase()]?.tracked)) {
      const joints = frame[side.toLowerCase()].joints;
      const at = (node) =>
        node
          .getSkin()
          .listJoints()
          .map((j) => joints[j.getName().slice(`Hand_${side}_`.length)])
          .map((pose) => poseMatrix(pose.position, pose.rotation));
      const [mine, their] = [x, y].map((n) => skinned(n, n.getMesh().listPrimitives()[0], at(n)));
      worst = Math.max(worst, farthest(mine, their));
    }
  }
  return worst;
}

// Each mesh node of A has one in B by name: a static mesh with the same vertices and triangles; a skinned one whose
// surface at rest is B's within 0.02 mm (a plain archive's hand mesh is fitted to its bones once, on a grid of 7.6
// micrometres; a compressed one's skin fits the model hand's as it plays) with the same triangles.
function sameMeshes(a, b) {
  const theirs = named(b);
  const differing = [];
  for (const node of a
    .getRoot()
    .listNodes()
    .filter((n) => n.getMesh())) {
    const other = theirs.get(node.getName());
    const [mine, their] = [node.getMesh().listPrimitives()[0], other?.getMesh()?.listPrimitives()[0]];
    if (!their || !equal(mine.getIndices().getArray(), their.getIndices().getArray())) {
      differing.push(`mesh ${node.getName()}: other triangles`);
      continue;
    }
    if (!node.getSkin()) {
      if (!equal(mine.getAttribute('POSITION').getArray(), their.getAttribute('POSITION').getArray()))
        differing.push(`mesh ${node.getName()}: other vertices`);
      continue;
    }
    const worst = farthest(skinned(node, mine), skinned(other, their)); // at rest
    if (!(worst < 2e-5)) differing.push(`mesh ${node.getName()}: skinned at rest, ${worst.toExponential(2)} m apart`);
  }
  return differing;
}

if (command === 'same') {
  const [a, b] = [await io.read(first), await io.read(second)];
  const differing = [...sameChannels(a, b), ...sameMeshes(a, b)];
  differing.forEach((what) => console.log(what));
  const channels = a.getRoot().listAnimations()[0]?.listChannels().length ?? 0;
  console.log(
    `${differing.length ? 'FAIL' : 'ok  '} ${first}: ${channels} channels and ${a.getRoot().listMeshes().length} meshes, ${differing.length} differ from ${second}`,
  );
  process.exit(differing.length ? 1 : 0);
} else if (command === 'motion') {
  const [a, b] = [await io.read(first), await io.read(second)];
  const [frames, bound] = [JSON.parse(readFileSync(process.argv[5])).frames, Number(process.argv[6])];
  const worst = motionApart(a, b, frames);
  console.log(
    `${worst <= bound ? 'ok  ' : 'FAIL'} ${first}: its hands in motion within ${(worst * 1000).toFixed(3)} mm of ${second}'s`,
  );
  process.exit(worst <= bound ? 0 : 1);
} else if (command === 'encode') {
  const document = await io.read(first);
  document
    .createExtension(EXTMeshoptCompression)
    .setRequired(true)
    .setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.FILTER });
  await io.write(second, document);
} else {
  console.error(
    'usage: node meshopt.mjs same|motion COMPRESSED.glb PLAIN.glb [SAMPLE.json BOUND] | encode PLAIN.glb OUT.glb',
  );
  process.exit(2);
}
