// The selected joint: a marker with its axes in the scene, and its pose in a text box; and the joint a click picks.
import * as THREE from 'three';

export class JointReadout {
  // `scene`: where the marker is drawn; `box`: the element showing the pose.
  constructor(scene, box) {
    this.scene = scene;
    this.box = box;
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

  // The selected joint's pose as the scene holds it at `time`; `tracked`: whether its hand is tracked then; `other`:
  // {joint, tracked}, its namesake in a compared recording (compare.js), whose pose and distance are shown too.
  show(time, tracked, other = null) {
    const joint = this.joint;
    this.box.hidden = !joint;
    if (!joint) return;
    const position = joint.getWorldPosition(new THREE.Vector3());
    const rotation = joint.getWorldQuaternion(new THREE.Quaternion());
    const euler = new THREE.Euler().setFromQuaternion(rotation, 'YXZ');
    const f = (v, d = 4) => v.toFixed(d).padStart(d + 4);
    this.marker.visible = tracked;
    this.marker.position.copy(position);
    this.marker.quaternion.copy(rotation);
    this.box.textContent =
      `${joint.name}${tracked ? '' : ' (not tracked)'}  at ${time.toFixed(3)} s\n` +
      `position  ${f(position.x)} ${f(position.y)} ${f(position.z)} m\n` +
      `rotation  ${f(rotation.x)} ${f(rotation.y)} ${f(rotation.z)} ${f(rotation.w)} (x y z w)\n` +
      `euler YXZ ${f(THREE.MathUtils.radToDeg(euler.y), 1)} ${f(THREE.MathUtils.radToDeg(euler.x), 1)} ${f(THREE.MathUtils.radToDeg(euler.z), 1)} deg\n` +
      `glTF world coordinates (metres, +Y up, right-handed)` +
      (other ? compared(position, rotation, other, f) : '');
  }
}

// The compared recording's pose of the joint, and how far it is from A's (mm, degrees).
function compared(position, rotation, other, f) {
  const p = other.joint.getWorldPosition(new THREE.Vector3()),
    q = other.joint.getWorldQuaternion(new THREE.Quaternion());
  if (!other.tracked) return '\nB         not tracked';
  const degrees = THREE.MathUtils.radToDeg(rotation.angleTo(q));
  return (
    `\nB position ${f(p.x)} ${f(p.y)} ${f(p.z)} m\n` +
    `A - B     ${(position.distanceTo(p) * 1000).toFixed(3)} mm, ${degrees.toFixed(3)} deg`
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
