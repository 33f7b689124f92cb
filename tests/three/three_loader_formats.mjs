// The recording in other forms than real.bin, in three_loader.mjs's page: as a .gltf with its buffer in a folder,
// compressed (`convert --compress meshopt`, served as real.meshopt.glb, and the loader's own export), and a foreign rig
// (its animations and a node map).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

// The recording as a .gltf with its buffer in a file beside it, in a folder: the same poses.
export async function checkSeparateGltf(page, { expect, pose, time, same, separateBuffer }) {
  const separate = await page.evaluate(async (time) => {
    const gltf = await new window.lib.InputAnimationLoader().setPath('in%20folder/').loadAsync('separate.gltf');
    const pose = await gltf.recording.jointPose('left', 'IndexTip', time);
    gltf.recording.dispose();
    return { format: gltf.recording.format, pose };
  }, time);
  expect(
    separate.format === 'glTF JSON' && same(separate.pose.position, pose.position),
    `a .gltf with its buffer (${separateBuffer}) beside it, by setPath: loads and plays the same poses`,
  );
}

// GLTFLoader with its MeshoptDecoder plays the archive; the loader reads it back to the recording itself.
export async function checkCompressed(page, { expect, pose, time, same, tolerance }) {
  const played = await page.evaluate(async (time) => {
    const { THREE, InputAnimationLoader } = window.lib;
    const { GLTFLoader } = await import('three/addons/loaders/GLTFLoader.js');
    const { MeshoptDecoder } = await import('three/addons/libs/meshopt_decoder.module.js');
    const indexTip = (gltf) => {
      const mixer = new THREE.AnimationMixer(gltf.scene);
      mixer.clipAction(gltf.animations[0]).play();
      mixer.setTime(time);
      gltf.scene.updateMatrixWorld(true);
      return gltf.scene.getObjectByName('Hand_Left_IndexTip').getWorldPosition(new THREE.Vector3()).toArray();
    };
    const three = await new GLTFLoader().setMeshoptDecoder(MeshoptDecoder).loadAsync('real.meshopt.glb');
    const ours = await new InputAnimationLoader().loadAsync('real.meshopt.glb');
    const pose = await ours.recording.jointPose('left', 'IndexTip', time);
    ours.recording.dispose();
    return { three: indexTip(three), ours: pose.position, format: ours.recording.format };
  }, time);
  const off = Math.hypot(...played.three.map((v, k) => v - pose.position[k]));
  expect(
    off <= tolerance,
    `real.meshopt.glb (EXT_meshopt_compression): GLTFLoader with MeshoptDecoder plays left IndexTip at ${time.toFixed(3)} s within ${off.toExponential(2)} m of jointPose on real.bin`,
  );
  expect(
    same(played.ours, pose.position),
    `real.meshopt.glb: the loader reads it back to the recording (${played.format}): the same jointPose as real.bin's`,
  );
}

// export('glb', {compress: 'meshopt'}): a file that requires the extension and that the CLI's verify finds
// byte-identical with the original; an unknown method or option is refused naming the file.
export async function checkCompressedExport(page, { expect, recording, tool, work }) {
  const exported = await page.evaluate(async () => {
    const gltf = await new window.lib.InputAnimationLoader().loadAsync('real.bin');
    const { blob } = await gltf.recording.export('glb', { compress: 'meshopt' });
    const refused = async (options) =>
      gltf.recording.export('glb', options).then(
        () => 'accepted',
        (e) => e.message,
      );
    const said = [await refused({ compress: 'zip' }), await refused({ compres: 'meshopt' })];
    gltf.recording.dispose();
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { base64: btoa(text), said };
  });
  const file = join(work, 'exported.meshopt.glb');
  writeFileSync(file, Buffer.from(exported.base64, 'base64'));
  const info = JSON.parse(execFileSync(tool, ['info', file, '--json']));
  const verified = spawnSync(tool, ['verify', file, recording], { encoding: 'utf8' });
  const sourceSha256 = createHash('sha256').update(readFileSync(recording)).digest('hex');
  expect(
    info.input.provenance?.sourceSha256 === sourceSha256,
    `the exported archive records its source's SHA-256, hashed when it was asked for: ${info.input.provenance?.sourceSha256} (node:crypto: ${sourceSha256})`,
  );
  expect(
    info.input.extensionsUsed.includes('EXT_meshopt_compression') &&
      verified.status === 0 &&
      /byte-identical/.test(verified.stdout),
    `export('glb', {compress: 'meshopt'}) uses EXT_meshopt_compression and verifies byte-identical with real.bin (exit ${verified.status})`,
  );
  expect(
    /^real\.bin: \/gltf\/compress: takes "none" or "meshopt"/.test(exported.said[0]) &&
      /^real\.bin: export takes \{compress, rate\}, not 'compres'/.test(exported.said[1]),
    `export refuses an unknown method and option naming the file: ${exported.said.join(' | ')}`,
  );
}

// A foreign rig (Godot's hand, or generated_rig.mjs's), its second animation by the `animation` option; with a node
// map (`map`) that makes its Armature (Godot's) or its Hand_Left_Wrist the head, as `--map` does.
export async function checkForeignRig(page, { expect, foreign, sampled, tolerance, tool, work }) {
  const json = JSON.parse(readFileSync(foreign));
  const animations = json.animations.map((a) => a.name);
  const head = json.nodes.some((n) => n.name === 'Armature') ? 'Armature' : 'Hand_Left_Wrist';
  const animation = animations[1] ?? animations[0];
  const rigTime = 0.3;
  const rig = await page.evaluate(
    async ({ name, animation, rigTime, head }) => {
      const { THREE, InputAnimationLoader } = window.lib;
      const gltf = await new InputAnimationLoader().setOptions({ animation }).loadAsync(name);
      const mixer = new THREE.AnimationMixer(gltf.scene);
      mixer.clipAction(gltf.animations[0]).play();
      mixer.setTime(rigTime);
      gltf.scene.updateMatrixWorld(true);
      const side = gltf.recording.sections.includes('left') ? 'left' : 'right',
        Side = side === 'left' ? 'Left' : 'Right';
      const joints = {};
      gltf.scene.traverse((o) => {
        if (new RegExp(`^Hand_${Side}_(?!Mesh$|Pinching$|None$)\\w+$`).test(o.name))
          joints[o.name.slice(6 + side.length)] = o.getWorldPosition(new THREE.Vector3()).toArray();
      });
      gltf.recording.dispose();
      const mapped = await new InputAnimationLoader().setOptions({ map: { camera: head } }).loadAsync(name);
      const mappedFrame = (await mapped.recording.sample([rigTime]))[0];
      mapped.recording.dispose();
      return { side, joints, duration: gltf.recording.duration, mappedKeys: mapped.recording.info.keys, mappedFrame };
    },
    { name: basename(foreign), animation, rigTime, head },
  );
  const rigCli = sampled(foreign, [rigTime], '--animation', animation)[0][rig.side];
  let rigWorst = 0;
  for (const [name, position] of Object.entries(rig.joints))
    rigWorst = Math.max(rigWorst, Math.hypot(...position.map((v, k) => v - rigCli.joints[name].position[k])));
  const rigDuration = JSON.parse(execFileSync(tool, ['info', foreign, '--animation', animation, '--json'])).duration;
  expect(
    Object.keys(rig.joints).length === 26 && rigWorst <= tolerance && Math.abs(rig.duration - rigDuration) < 1e-9,
    `${basename(foreign)}, animation "${animation}": ${rig.side} hand's 26 joints at ${rigTime} s within ${rigWorst.toExponential(2)} m of \`sample --animation\``,
  );
  writeFileSync(join(work, 'map.json'), JSON.stringify({ camera: head }));
  const mappedInfo = JSON.parse(execFileSync(tool, ['info', foreign, '--map', join(work, 'map.json'), '--json']));
  const mappedCli = sampled(foreign, [rigTime], '--map', join(work, 'map.json'))[0];
  expect(
    rig.mappedKeys === mappedInfo.keys &&
      mappedInfo.sections.camera.keys > 0 &&
      JSON.stringify(rig.mappedFrame) === JSON.stringify(mappedCli),
    `with map {camera: '${head}'}: ${rig.mappedKeys} keys and the frame at ${rigTime} s (head included) as \`--map\``,
  );
}
