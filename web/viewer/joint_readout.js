// The selected joint: a marker with its axes in the scene, and its pose in a text box; and the joint a click picks.
import * as THREE from 'three';

const FRAMES = {
  gltf: 'glTF world coordinates (metres, +Y up, right-handed)',
  unity: "Unity's world coordinates, as MRTK plays it (metres, +Y up, left-handed: x mirrored)",
};
const f = (v, d = 4) => v.toFixed(d).padStart(d + 4);

// The pose lines of a position [x, y, z] and a rotation [x, y, z, w] (or null: undefined).
function poseLines(position, rotation) {
  const q = rotation && new THREE.Quaternion(...rotation);
  const euler = q && new THREE.Euler().setFromQuaternion(q, 'YXZ');
  const degrees = (a) => f(THREE.MathUtils.radToDeg(a), 1);
  return (
    `position  ${position.map((v) => f(v)).join(' ')} m\n` +
    (q
      ? `rotation  ${rotation.map((v) => f(v)).join(' ')} (x y z w)\n` +
        `euler YXZ ${degrees(euler.y)} ${degrees(euler.x)} ${degrees(euler.z)} deg\n`
      : 'rotation  undefined\n')
  );
}

export class JointReadout {
  // `scene`: where the marker is drawn; `box`: the element showing the pose; `unityPose(joint, time)`: a promise of
  // the joint's pose in Unity's coordinates as MRTK plays it ({position, rotation}: the loader's jointPose).
  constructor(scene, box, unityPose) {
    this.scene = scene;
    this.box = box;
    this.unityPose = unityPose;
    this.frame = 'gltf'; // or 'unity' (U)
    this.asked = 0; // the latest request for a Unity pose: an earlier answer is not shown
    this.joint = null;
    this.marker = new THREE.Mesh(
      new THREE.SphereGeometry(0.006, 16, 8),
      new THREE.MeshBasicMaterial({ color: 0xffffff, depthTest: false }),
    );
    this.marker.renderOrder = 1;
    const axes = new THREE.AxesHelper(0.03);
    axes.material.depthTest = false;
    axes.renderOrder = 1;
    this.marker.add(axes);
  }

  select(joint) {
    this.joint = joint;
    if (joint) this.scene.add(this.marker);
    else this.scene.remove(this.marker);
  }

  toggleFrame() {
    this.frame = this.frame === 'gltf' ? 'unity' : 'gltf';
  }

  // The selected joint's pose at `time`, as the scene holds it or, in Unity's frame, as the library gives it;
  // `tracked`: whether its hand is tracked then; `other`: {joint, tracked}, its namesake in a compared recording
  // (compare.js), whose pose and distance are shown too (in glTF's frame).
  show(time, tracked, other = null) {
    const joint = this.joint;
    this.box.hidden = !joint;
    if (!joint) return;
    const position = joint.getWorldPosition(new THREE.Vector3());
    const rotation = joint.getWorldQuaternion(new THREE.Quaternion());
    this.marker.visible = tracked;
    this.marker.position.copy(position);
    this.marker.quaternion.copy(rotation);
    const head = `${joint.name}${tracked ? '' : ' (not tracked)'}  at ${time.toFixed(3)} s\n`;
    const tail = other ? compared(position, rotation, other, this.frame) : '';
    const write = (lines) => (this.box.textContent = head + lines + FRAMES[this.frame] + tail);
    const ticket = ++this.asked;
    if (this.frame === 'gltf') return write(poseLines(position.toArray(), rotation.toArray()));
    write('position  ...\n');
    this.unityPose(joint, time).then(
      (pose) => ticket === this.asked && write(poseLines(pose.position, pose.rotation)),
      (error) => ticket === this.asked && write(`${error.message}\n`),
    );
  }
}

// The compared recording's position of the joint (in glTF's frame only), and how far it is from A's (mm, degrees).
function compared(position, rotation, other, frame) {
  const p = other.joint.getWorldPosition(new THREE.Vector3()),
    q = other.joint.getWorldQuaternion(new THREE.Quaternion());
  if (!other.tracked) return '\nB         not tracked';
  const degrees = THREE.MathUtils.radToDeg(rotation.angleTo(q));
  return (
    (frame === 'gltf' ? `\nB position ${f(p.x)} ${f(p.y)} ${f(p.z)} m` : '') +
    `\nA - B     ${(position.distanceTo(p) * 1000).toFixed(3)} mm, ${degrees.toFixed(3)} deg`
  );
}

// The joint nearest to a click on `canvas` seen through `camera`, within 16 pixels, among `joints` that are `drawn`.
export function jointAt(joints, drawn, canvas, camera, clientX, clientY) {
  const rect = canvas.getBoundingClientRect();
  let best = null,
    bestDistance = 16;
  for (const joint of joints) {
    if (!drawn(joint)) continue;
    const p = joint.getWorldPosition(new THREE.Vector3()).project(camera);
    if (p.z > 1) continue;
    const x = rect.left + ((p.x + 1) / 2) * rect.width,
      y = rect.top + ((1 - p.y) / 2) * rect.height;
    const d = Math.hypot(x - clientX, y - clientY);
    if (d < bestDistance) ((best = joint), (bestDistance = d));
  }
  return best;
}
