// What each test app reports (window.result), so that run.mjs compares it with `inputanim sample`: the recording
// of `?src=` played by an AnimationMixer at `?times=` (seconds, comma-separated), each left-hand joint's world
// position, and what its recording answers. A failed load reports {error}.
import { AnimationMixer, Vector3 } from 'three';

export const query = new URLSearchParams(location.search);
export const src = query.get('src');
export const times = (query.get('times') ?? '').split(',').filter(Boolean).map(Number);

export async function played(gltf) {
  const mixer = new AnimationMixer(gltf.scene);
  mixer.clipAction(gltf.animations[0]).play();
  const frames = times.map((t) => {
    mixer.setTime(t);
    gltf.scene.updateMatrixWorld(true);
    const joints = {};
    gltf.scene.traverse((o) => {
      if (/^Hand_Left_(?!Mesh$|Pinching$|None$)\w+$/.test(o.name))
        joints[o.name.slice(10)] = o.getWorldPosition(new Vector3()).toArray();
    });
    return joints;
  });
  const recording = gltf.recording;
  return {
    frames,
    duration: recording.duration,
    findings: (await recording.checked).length,
    pose: await recording.jointPose('left', 'IndexTip', times[0]),
  };
}

export const failed = (error) => ({ error: error.message });
