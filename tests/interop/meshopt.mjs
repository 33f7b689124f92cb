// EXT_meshopt_compression through glTF-Transform and meshoptimizer's own decoder and encoder (npm), independent of the
// library's codec.
// Usage: node meshopt.mjs same COMPRESSED.glb PLAIN.glb  (every accessor of both decodes to the same values: exit 1 if not)
//        node meshopt.mjs encode PLAIN.glb OUT.glb       (glTF-Transform's meshopt compression, its filter method)
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS, EXTMeshoptCompression } from '@gltf-transform/extensions';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';

await MeshoptDecoder.ready;
await MeshoptEncoder.ready;
const io = new NodeIO()
  .registerExtensions(ALL_EXTENSIONS)
  .registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder });
const [command, first, second] = process.argv.slice(2);

if (command === 'same') {
  const [a, b] = [await io.read(first), await io.read(second)];
  const [listA, listB] = [a.getRoot().listAccessors(), b.getRoot().listAccessors()];
  let differing = listA.length === listB.length ? 0 : 1;
  listA.forEach((accessor, i) => {
    const [x, y] = [accessor.getArray(), listB[i]?.getArray()];
    if (!y || x.length !== y.length || x.some((v, k) => !Object.is(v, y[k]))) {
      differing += 1;
      console.log(`accessor ${i} differs`);
    }
  });
  console.log(`${differing ? 'FAIL' : 'ok  '} ${first}: ${listA.length} accessors, ${differing} differ from ${second}`);
  process.exit(differing ? 1 : 0);
} else if (command === 'encode') {
  const document = await io.read(first);
  document
    .createExtension(EXTMeshoptCompression)
    .setRequired(true)
    .setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.FILTER });
  await io.write(second, document);
} else {
  console.error('usage: node meshopt.mjs same COMPRESSED.glb PLAIN.glb | encode PLAIN.glb OUT.glb');
  process.exit(2);
}
