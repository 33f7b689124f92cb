// The recording in other forms than real.bin, in three_loader.mjs's page: as a .gltf with its buffer in a folder, and
// compressed (`convert --compress meshopt`, served as real.meshopt.glb).

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
