// Where the viewer puts the floor and its camera for a recording, from the recording's poses as the scene plays them.
// `page`: {state (the viewer's), seek(time), isTracked(side, time), sideOf(joint)}.
import * as THREE from 'three';

// Metres above the floor of a standing user's eyes (the library's profile table): where the floor goes under the
// recorded head.
const eyeHeight = (state) => state.recording.profileTable.eyeHeight;

// Calls visit(time) with the scene posed at `count` + 1 evenly spaced times over the recording, then returns to the
// current time.
function sampleRecording({ state, seek }, count, visit) {
  const time = state.time;
  for (let k = 0; k <= count; k++) {
    const t = (state.duration * k) / count;
    state.mixer.setTime(t);
    state.root.updateMatrixWorld(true);
    visit(t);
  }
  seek(time);
}

// Positions of the tracked hands' joints at the current time.
export function visibleJointPositions({ state, isTracked, sideOf }) {
  const points = [];
  for (const joint of state.joints)
    if (isTracked(sideOf(joint))) points.push(joint.getWorldPosition(new THREE.Vector3()));
  return points;
}

// The floor's height: the eye height under the recorded head's median height (0 without a head).
export function floorHeight(page) {
  const head = page.state.head;
  if (!head) return 0;
  const heights = [];
  sampleRecording(page, 50, () => heights.push(head.getWorldPosition(new THREE.Vector3()).y));
  heights.sort((a, b) => a - b);
  return heights[25] - eyeHeight(page.state);
}

export function headPosition(state) {
  const head = new THREE.Vector3(0, eyeHeight(state), 0);
  if (state.head) state.head.getWorldPosition(head);
  return head;
}

// The box to frame: the tracked hands at the current time when `now` and a hand is tracked; else the hands when
// first tracked and where the palms mostly are (the middle 60% of their positions on each axis); else the head's
// surroundings.
function handsBox(page, now) {
  const { state, seek, isTracked, sideOf } = page;
  const box = new THREE.Box3();
  if (now) box.setFromPoints(visibleJointPositions(page));
  if (box.isEmpty() && (state.info.tracked.left.length || state.info.tracked.right.length)) {
    const time = state.time;
    const starts = [...state.info.tracked.left, ...state.info.tracked.right].map(
      ([start, end]) => start + Math.min(0.05, (end - start) / 2),
    );
    seek(Math.min(...starts));
    box.setFromPoints(visibleJointPositions(page));
    seek(time);
    const palms = state.joints.filter((joint) => joint.name.endsWith('_Palm')).map((palm) => [sideOf(palm), palm]);
    const positions = [];
    sampleRecording(page, 240, (t) => {
      for (const [side, palm] of palms)
        if (isTracked(side, t)) positions.push(palm.getWorldPosition(new THREE.Vector3()));
    });
    const percentile = (axis, q) =>
      positions.map((p) => p[axis]).sort((a, b) => a - b)[Math.floor(q * (positions.length - 1))];
    if (positions.length) {
      box.expandByPoint(new THREE.Vector3(percentile('x', 0.2), percentile('y', 0.2), percentile('z', 0.2)));
      box.expandByPoint(new THREE.Vector3(percentile('x', 0.8), percentile('y', 0.8), percentile('z', 0.8)));
    }
  }
  if (box.isEmpty()) {
    const head = headPosition(state);
    box.setFromCenterAndSize(head.clone().add(new THREE.Vector3(0, -0.3, 0.4)), new THREE.Vector3(0.6, 0.6, 0.6));
  }
  return box;
}

// Where the orbit camera goes to frame the hands (handsBox): {target, position}. It looks from behind the head, over
// the user's shoulder, so that the hands are seen as the user saw them.
export function handsView(page, now, camera) {
  const box = handsBox(page, now);
  const head = headPosition(page.state);
  const center = box.getCenter(new THREE.Vector3());
  const direction = head.clone().sub(center).setY(0);
  if (direction.lengthSq() < 1e-6) direction.set(0, 0, -1);
  direction
    .normalize()
    .add(new THREE.Vector3(0, 0.55, 0))
    .normalize();
  // The box's extent across the view, up the view and along it: the distance at which it fills the view.
  const right = new THREE.Vector3(0, 1, 0).cross(direction).normalize(),
    up = direction.clone().cross(right);
  const extent = (axis) => {
    const values = [0, 1, 2, 3, 4, 5, 6, 7].map((i) =>
      new THREE.Vector3(
        i & 1 ? box.max.x : box.min.x,
        i & 2 ? box.max.y : box.min.y,
        i & 4 ? box.max.z : box.min.z,
      ).dot(axis),
    );
    return Math.max(Math.max(...values) - Math.min(...values), 0.1);
  };
  const tangent = Math.tan(THREE.MathUtils.degToRad(camera.fov) / 2);
  const distance =
    Math.max(extent(right) / (2 * tangent * camera.aspect), extent(up) / (2 * tangent)) * 1.3 + extent(direction) / 2;
  return { target: center, position: center.clone().addScaledVector(direction, distance) };
}
