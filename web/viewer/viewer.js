// The web viewer: opens an MRTK recording (.bin), a .glb or a .gltf in the page with InputAnimationLoader
// (web/inputanim-three: the library in WebAssembly, in a worker, and three.js's GLTFLoader), which returns the scene
// as inputanim converts it (docs/gltf-profile.md): hands, head frustum, gaze ray, played in the 3D view (view3d.js);
// the timeline (timeline.js) shows the tracked/pinching states and markers from the library's summary. This module
// holds the open file's state.
import * as THREE from 'three';
import { InputAnimationLoader } from 'inputanim-three';
import { createView } from './view3d.js';
import { Timeline, bandsOf } from './timeline.js';
import { countFindings, element, showFindings, showSummary } from './panel.js';
import { EditPanel, stem } from './edit_panel.js';

const $ = (id) => document.getElementById(id);
const view = createView($('stage'), () => activeCamera());
const { renderer, scene, floor, camera, headCamera, controls } = view;
const timeline = new Timeline($('bands'));

const STAGES = { reading: 'reading', decoding: 'decoding', converting: 'converting to glTF', drawing: 'drawing', checking: 'checking' };
const EYE_HEIGHT = 1.6;  // metres above the floor, standing: where the floor goes under the recorded head
const SIDES = ['Left', 'Right'];

const state = {
  loaded: false, name: '', kind: '', info: null, recording: null, root: null, mixer: null, duration: 0, time: 0, playing: false, speed: 1,
  head: null, view: null, frustum: null, bands: [], markers: [],
  joints: [], jointSides: new Map(), frameStep: 1 / 60, profile: [], ready: false, stageStarts: {}, headView: false, selected: null, downloading: false, openedAt: 0, openMs: 0,
};

const editPanel = new EditPanel({
  recording: () => state.recording, name: () => state.name, time: () => state.time, open: (files, edited) => openFiles(files, edited),
  save: (blob, name) => saveAs(blob, name), showError: (message) => showError(message), setBusy: (text) => setBusy(text),
});

// The documented state for tests and pages that embed the viewer (docs/viewer.md).
window.inputanimViewer = { loaded: null, error: null };

function setStatus(text, isError = false) {
  $('status').textContent = text;
  $('status').classList.toggle('error', isError);
}

// A task on the open file (`text` says which) shows the progress bar; null: done, the file's status line again.
function setBusy(text) {
  $('progress').hidden = !text;
  $('progress').removeAttribute('value');
  if (text) setStatus(text); else if (state.loaded) setStatus(statusLine());
}

function showError(message) {
  setStatus(message, true);
  $('error').textContent = message;
  $('error').hidden = false;
  $('progress').hidden = true;
  window.inputanimViewer = { loaded: null, error: message };
}

// Takes the open file out of the scene and off the GPU, and ends its worker.
function clear() {
  if (state.mixer) {
    state.mixer.stopAllAction();
    state.mixer.uncacheRoot(state.root);
  }
  state.recording?.dispose();
  selectJoint(null);
  Object.assign(state, { loaded: false, info: null, recording: null, root: null, mixer: null, frustum: null, head: null, view: null,
                         bands: [], markers: [], joints: [], jointSides: new Map(), time: 0, playing: false });
  setHeadView(false);
  for (const id of ['play', 'scrubber', 'frame', 'view', 'download']) $(id).disabled = true;
  editPanel.closed();
  $('error').hidden = true;
  $('summary').replaceChildren();
  $('findings').replaceChildren();
  timeline.set([], [], 0);
  view.requestRender();
}

// ---- the library, in its worker (InputAnimationLoader) ----------------------------------------------------
// Dropped files are served to the loader by name, so that a .gltf finds the files it names.
const dropped = new Map();  // file name -> object URL
const manager = new THREE.LoadingManager();
manager.setURLModifier((url) => dropped.get(decodeURIComponent(url).replace(/^\.\//, '')) ?? url);
const loader = new InputAnimationLoader(manager).setOptions({ check: false, onStage: (stage) => showStage(stage) });
loader.libraryVersion().then(() => { state.ready = true; }, (error) => showError(error.message));
let opening = 0;  // the latest open: an earlier one, aborted, reports nothing

function showStage(stage) {
  if (!(stage in state.stageStarts)) state.stageStarts[stage] = performance.now();
  $('progress').hidden = false;
  $('progress').removeAttribute('value');
  setStatus(`${state.name}: ${STAGES[stage] ?? stage} ...`);
}

function showChecked(findings) {
  const counts = showFindings($('findings'), findings, state.profile ?? []);
  if (counts.error > 0) $('panel').hidden = false;  // errors are worth seeing without asking
  $('progress').hidden = true;
  setStatus(statusLine());
}

// Opens dropped or picked files: a .gltf with the files it names, else the first file; `edited`: an edit's result.
function openFiles(fileList, edited = false) {
  const files = [...fileList];
  if (files.length === 0) return;
  const gltf = files.findIndex((f) => /\.gltf$/i.test(f.name));
  const main = gltf >= 0 ? gltf : 0;
  clear();
  window.inputanimViewer = { loaded: null, error: null };
  state.name = files[main].name;
  state.openedAt = performance.now();
  state.stageStarts = {};
  loader.abort();  // a file still opening goes, worker and all
  for (const url of dropped.values()) URL.revokeObjectURL(url);
  dropped.clear();
  for (const file of files) dropped.set(file.name, URL.createObjectURL(file));
  const ticket = ++opening;
  loader.load(encodeURIComponent(state.name), (gltf) => {
    if (ticket !== opening) return gltf.recording.dispose();
    onLoaded(gltf);
    editPanel.opened(files, edited, state.duration);
  }, undefined, (error) => { if (ticket === opening) showError(error.message); });
  loader.preload();  // the next file's worker, compiling while this one converts
}

// ---- the scene ----------------------------------------------------------------------------------------
function onLoaded(gltf) {
  state.recording = gltf.recording;
  state.info = state.recording.info;
  state.profile = state.recording.profile;
  state.kind = state.info.input.kind;
  showSummary($('summary'), $('findings'), state.name, state.info, state.recording.binary);
  state.root = gltf.scene;
  scene.add(state.root);
  const clip = gltf.animations.find((a) => a.name === state.recording.profileTable.nodes.animation) ?? gltf.animations[0];
  state.duration = state.info.duration;
  state.mixer = new THREE.AnimationMixer(state.root);
  if (clip) state.mixer.clipAction(clip).play();
  state.frameStep = frameStepOf(clip);
  state.bands = bandsOf(state.info);
  state.markers = state.recording.markers;
  timeline.set(state.bands, state.markers, state.duration);
  const { nodes, joints } = state.recording.profileTable;  // the library's names for the profile's nodes
  for (const side of SIDES) {
    for (const name of joints.slice(1)) {  // not None, which no hand draws
      const joint = state.root.getObjectByName(`${nodes.hands[side]}_${name}`);
      if (joint) state.joints.push(joint), state.jointSides.set(joint, side);
    }
  }

  // The head (the camera view holds the recorded camera, looking down its -Z) and the loader's frustum on it.
  state.view = state.root.getObjectByName(nodes.cameraView);
  state.head = state.root.getObjectByName(nodes.camera);
  state.frustum = state.recording.helpers.headFrustum;
  if (state.view) headCamera.fov = state.view.isPerspectiveCamera ? state.view.fov : 60;

  placeFloor();
  seek(0);
  frameHands(false);
  $('play').disabled = $('scrubber').disabled = $('frame').disabled = false;
  $('view').disabled = !state.view;
  $('download').disabled = false;
  $('download').textContent = state.recording.binary ? 'Download .glb' : 'Download .bin';
  $('scrubber').max = String(state.duration);
  state.loaded = true;
  view.renderNow();
  state.openMs = performance.now() - state.openedAt;
  setStatus(statusLine());
  window.inputanimViewer = { loaded: { name: state.name, duration: state.info.duration, sections: state.recording.sections, markers: state.markers },
                            error: null };
  showStage('checking');
  const recording = state.recording;
  recording.check().then(() => { if (state.recording === recording) showChecked(recording.findings); },
                         (error) => { if (state.recording === recording) showError(`${state.name}: ${error.message}`); });
}

function statusLine() {
  const info = state.info;
  const counts = countFindings(info.findings);
  return `${state.name}: ${state.kind}, ${info.duration.toFixed(3)} s, ${info.keys.toLocaleString()} keys, ${info.markers.length} markers` +
         (info.findings ? `, ${counts.error} errors, ${counts.warning} warnings` : '');
}

// The recording's frame: the median spacing of the keys of its densest track (MRTK records one key per frame).
function frameStepOf(clip) {
  const track = clip?.tracks.reduce((best, t) => (t.times.length > (best?.times.length ?? 0) ? t : best), null);
  if (!track || track.times.length < 3) return 1 / 60;
  const gaps = [];
  const stride = Math.max(1, Math.floor(track.times.length / 2000));
  for (let k = stride; k < track.times.length; k += stride) gaps.push((track.times[k] - track.times[k - stride]) / stride);
  gaps.sort((a, b) => a - b);
  const median = gaps[gaps.length >> 1];
  return median > 1e-4 && median < 0.5 ? median : 1 / 60;
}

const isTracked = (side, time = state.time) => state.recording.stateAt(time)[side.toLowerCase()].tracked;  // as MRTK plays it
const sideOf = (joint) => state.jointSides.get(joint);  // 'Left' or 'Right'

// Calls visit(time) with the scene posed at `count` + 1 evenly spaced times over the recording, then returns to the
// current time.
function sampleRecording(count, visit) {
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
function visibleJointPositions() {
  const points = [];
  for (const joint of state.joints) if (isTracked(sideOf(joint))) points.push(joint.getWorldPosition(new THREE.Vector3()));
  return points;
}

// The floor, EYE_HEIGHT under the recorded head's median height (the grid stays at 0 without a head).
function placeFloor() {
  if (!state.head) { floor.position.y = 0; return; }
  const heights = [];
  sampleRecording(50, () => heights.push(state.head.getWorldPosition(new THREE.Vector3()).y));
  heights.sort((a, b) => a - b);
  floor.position.y = heights[25] - EYE_HEIGHT;
}

// Frames the hands: at the current time when `now` and a hand is tracked; else the hands when first tracked and
// where the palms mostly are (the middle 60% of their positions on each axis). The camera looks from behind the head,
// over the user's shoulder, so that the hands are seen as the user saw them.
function frameHands(now) {
  const box = new THREE.Box3();
  if (now) box.setFromPoints(visibleJointPositions());
  if (box.isEmpty() && (state.info.tracked.left.length || state.info.tracked.right.length)) {
    const time = state.time;
    const starts = [...state.info.tracked.left, ...state.info.tracked.right].map(([start, end]) => start + Math.min(0.05, (end - start) / 2));
    seek(Math.min(...starts));
    box.setFromPoints(visibleJointPositions());
    seek(time);
    const palms = state.joints.filter((joint) => joint.name.endsWith('_Palm')).map((palm) => [sideOf(palm), palm]);
    const positions = [];
    sampleRecording(240, (t) => {
      for (const [side, palm] of palms) if (isTracked(side, t)) positions.push(palm.getWorldPosition(new THREE.Vector3()));
    });
    const percentile = (axis, q) => positions.map((p) => p[axis]).sort((a, b) => a - b)[Math.floor(q * (positions.length - 1))];
    if (positions.length) {
      box.expandByPoint(new THREE.Vector3(percentile('x', 0.2), percentile('y', 0.2), percentile('z', 0.2)));
      box.expandByPoint(new THREE.Vector3(percentile('x', 0.8), percentile('y', 0.8), percentile('z', 0.8)));
    }
  }
  const head = headPosition();
  if (box.isEmpty()) {  // no hands: the head's surroundings
    box.setFromCenterAndSize(head.clone().add(new THREE.Vector3(0, -0.3, 0.4)), new THREE.Vector3(0.6, 0.6, 0.6));
  }
  const center = box.getCenter(new THREE.Vector3());
  const direction = head.clone().sub(center).setY(0);
  if (direction.lengthSq() < 1e-6) direction.set(0, 0, -1);
  direction.normalize().add(new THREE.Vector3(0, 0.55, 0)).normalize();
  // The box's extent across the view, up the view and along it: the distance at which it fills the view.
  const right = new THREE.Vector3(0, 1, 0).cross(direction).normalize(), up = direction.clone().cross(right);
  const extent = (axis) => {
    const values = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => new THREE.Vector3(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y,
                                                                         i & 4 ? box.max.z : box.min.z).dot(axis));
    return Math.max(Math.max(...values) - Math.min(...values), 0.1);
  };
  const tangent = Math.tan(THREE.MathUtils.degToRad(camera.fov) / 2);
  const distance = Math.max(extent(right) / (2 * tangent * camera.aspect), extent(up) / (2 * tangent)) * 1.3 + extent(direction) / 2;
  setHeadView(false);
  controls.target.copy(center);
  camera.position.copy(center).addScaledVector(direction, distance);
  controls.update();
}

function headPosition() {
  const head = new THREE.Vector3(0, EYE_HEIGHT, 0);
  if (state.head) state.head.getWorldPosition(head);
  return head;
}

function setHeadView(on) {
  state.headView = on && !!state.view;
  controls.enabled = !state.headView;
  $('view').classList.toggle('active', state.headView);
  if (state.frustum) state.frustum.visible = !state.headView;
  view.requestRender();
}

const activeCamera = () => (state.headView ? headCamera : camera);

function seek(time) {
  state.time = Math.min(Math.max(time, 0), state.duration);
  if (state.mixer) state.mixer.setTime(state.time);
  update();
}

function update() {
  scene.updateMatrixWorld(true);
  if (state.view) {
    state.view.matrixWorld.decompose(headCamera.position, headCamera.quaternion, headCamera.scale);
    headCamera.scale.set(1, 1, 1);
    headCamera.updateMatrixWorld(true);
  }
  showJoint();
  $('clock').textContent = `${state.time.toFixed(3)} / ${state.duration.toFixed(3)} s`;
  $('scrubber').value = String(state.time);
  $('play').innerHTML = state.playing ? '&#10074;&#10074;' : '&#9654;';
  timeline.drawCursor(state.time);
  view.requestRender();
}

// ---- a joint's pose -----------------------------------------------------------------------------------
const marker = new THREE.Mesh(new THREE.SphereGeometry(0.006, 16, 8), new THREE.MeshBasicMaterial({ color: 0xffffff, depthTest: false }));
marker.renderOrder = 1;
const axes = new THREE.AxesHelper(0.03);
axes.material.depthTest = false;
axes.renderOrder = 1;
marker.add(axes);

function selectJoint(joint) {
  state.selected = joint;
  if (joint) scene.add(marker); else scene.remove(marker);
  showJoint();
  view.requestRender();
}

// The joint nearest to a click on the screen, within 16 pixels, among the tracked hands'.
function jointAt(clientX, clientY) {
  const rect = renderer.domElement.getBoundingClientRect();
  let best = null, bestDistance = 16;
  for (const joint of state.joints) {
    if (!isTracked(sideOf(joint))) continue;
    const p = joint.getWorldPosition(new THREE.Vector3()).project(activeCamera());
    if (p.z > 1) continue;
    const x = rect.left + ((p.x + 1) / 2) * rect.width, y = rect.top + ((1 - p.y) / 2) * rect.height;
    const d = Math.hypot(x - clientX, y - clientY);
    if (d < bestDistance) best = joint, bestDistance = d;
  }
  return best;
}

function showJoint() {
  const joint = state.selected;
  $('joint').hidden = !joint;
  if (!joint) return;
  const position = joint.getWorldPosition(new THREE.Vector3());
  const rotation = joint.getWorldQuaternion(new THREE.Quaternion());
  const euler = new THREE.Euler().setFromQuaternion(rotation, 'YXZ');
  const f = (v, d = 4) => v.toFixed(d).padStart(d + 4);
  const tracked = isTracked(sideOf(joint));
  marker.visible = tracked;
  marker.position.copy(position);
  marker.quaternion.copy(rotation);
  $('joint').textContent = `${joint.name}${tracked ? '' : ' (not tracked)'}  at ${state.time.toFixed(3)} s\n` +
    `position  ${f(position.x)} ${f(position.y)} ${f(position.z)} m\n` +
    `rotation  ${f(rotation.x)} ${f(rotation.y)} ${f(rotation.z)} ${f(rotation.w)} (x y z w)\n` +
    `euler YXZ ${f(THREE.MathUtils.radToDeg(euler.y), 1)} ${f(THREE.MathUtils.radToDeg(euler.x), 1)} ${f(THREE.MathUtils.radToDeg(euler.z), 1)} deg\n` +
    `glTF world coordinates (metres, +Y up, right-handed)`;
}

// ---- controls -----------------------------------------------------------------------------------------
function setPlaying(playing) {
  state.playing = playing && state.loaded;
  if (state.playing && state.time >= state.duration) state.time = 0;
  update();
}

// One recorded frame forward or back (ten with Shift), from the frame the time is on.
function step(frames) {
  setPlaying(false);
  const frame = Math.round(state.time / state.frameStep);
  seek((frame + frames) * state.frameStep);
}

function saveAs(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = element('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// The conversion, made again when asked for: three.js may have changed the drawn bytes.
function download() {
  if (!state.loaded || state.downloading) return;
  state.downloading = true;
  $('progress').hidden = false;
  $('progress').removeAttribute('value');
  setStatus(`${state.name}: converting for the download ...`);
  const recording = state.recording, toGlb = recording.binary;
  const name = stem(state.name) + (toGlb ? '.glb' : '.bin');
  recording.export(toGlb ? 'glb' : 'bin').then(({ blob }) => {
    if (state.recording === recording) saveAs(blob, name);
  }, (error) => showError(`${state.name}: ${error.message}`)).finally(() => {
    state.downloading = false;
    $('progress').hidden = true;
    if (state.recording === recording) setStatus(statusLine());
  });
}

$('play').addEventListener('click', () => setPlaying(!state.playing));
$('scrubber').addEventListener('input', (event) => seek(Number(event.target.value)));
$('speed').addEventListener('change', (event) => { state.speed = Number(event.target.value); });
$('frame').addEventListener('click', () => frameHands(true));
$('view').addEventListener('click', () => setHeadView(!state.headView));
// The side panels, one at a time: Info (summary and findings) and Edit.
function togglePanel(id) {
  const show = $(id).hidden;
  for (const panel of ['panel', 'edits']) $(panel).hidden = true;
  $(id).hidden = !show;
}
$('panel-toggle').addEventListener('click', () => togglePanel('panel'));
$('edit-toggle').addEventListener('click', () => togglePanel('edits'));
$('download').addEventListener('click', download);
window.addEventListener('keydown', (event) => {
  if (event.target.matches('select, input[type=number], input[type=text]') || event.ctrlKey || event.metaKey || event.altKey) return;
  const keys = {
    Space: () => setPlaying(!state.playing),
    ArrowRight: () => step(event.shiftKey ? 10 : 1),
    ArrowLeft: () => step(event.shiftKey ? -10 : -1),
    Home: () => seek(0),
    End: () => seek(state.duration),
    KeyF: () => frameHands(true),
    KeyV: () => setHeadView(!state.headView),
    KeyI: () => togglePanel('panel'),
    KeyE: () => togglePanel('edits'),
    KeyO: () => $('file').click(),
    Escape: () => selectJoint(null),
  };
  if (!keys[event.code] || (!state.loaded && event.code !== 'KeyO' && event.code !== 'KeyI')) return;
  event.preventDefault();
  keys[event.code]();
});
// A click (not a drag) on a joint shows its pose; elsewhere, hides it.
let pressed = null;
renderer.domElement.addEventListener('pointerdown', (event) => { pressed = [event.clientX, event.clientY]; });
renderer.domElement.addEventListener('pointerup', (event) => {
  if (!pressed || !state.loaded || Math.hypot(event.clientX - pressed[0], event.clientY - pressed[1]) > 4) return;
  selectJoint(jointAt(event.clientX, event.clientY));
});
$('file').addEventListener('change', (event) => { openFiles(event.target.files); event.target.value = ''; });
window.addEventListener('dragover', (event) => { event.preventDefault(); document.body.classList.add('dragging'); });
window.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
window.addEventListener('drop', (event) => {
  event.preventDefault();
  document.body.classList.remove('dragging');
  openFiles(event.dataTransfer.files);
});

function resize() {
  view.resize();
  timeline.draw();
  timeline.drawCursor(state.time);
}
new ResizeObserver(resize).observe($('stage'));
resize();

// Renders only when something changed: playing, seeking, the camera moved, a file opened.
view.start((seconds) => {
  if (!state.playing) return;
  let t = state.time + seconds * state.speed;
  if (t > state.duration) t = state.duration > 0 ? t % state.duration : 0;  // loop
  seek(t);
});

// ?src=NAME opens a file served beside the page (scripts/viewer.sh RECORDING does this).
const src = new URLSearchParams(location.search).get('src');
if (src) {
  state.name = src;
  fetch(src).then((r) => (r.ok ? r.blob() : Promise.reject(new Error(`${src}: HTTP ${r.status} ${r.statusText}`))))
    .then((blob) => openFiles([new File([blob], src.split('/').pop())])).catch((error) => showError(error.message));
}

// For tests and the console: the state, seek and a synchronous render.
window.viewer = {
  get loaded() { return state.loaded; },
  get time() { return state.time; },
  get duration() { return state.duration; },
  get bands() { return state.bands; },
  get markers() { return state.markers; },
  get frameStep() { return state.frameStep; },
  get floorHeight() { return floor.position.y; },
  get selectedJoint() { return state.selected?.name ?? null; },
  get headView() { return state.headView; },
  get ready() { return state.ready; },
  // From choosing the file to the hands drawn, and how long each stage took (for bench/viewer_open.mjs).
  get openMilliseconds() { return state.openMs; },
  get stageMilliseconds() {
    const order = ['reading', 'decoding', 'converting', 'drawing'];
    const starts = order.map((stage) => state.stageStarts[stage]);
    const end = state.openedAt + state.openMs;
    return Object.fromEntries(order.map((stage, i) => [stage, (starts[i + 1] ?? end) - starts[i]]));
  },
  get findings() { return state.info?.findings ?? null; },
  get camera() { return activeCamera(); },
  // Frames rendered so far, and what three.js holds on the GPU (renderer.info.memory).
  get frames() { return view.frames; },
  get memory() { return { ...renderer.info.memory }; },
  seek: (t) => { setPlaying(false); seek(t); view.renderNow(); },
  play: () => setPlaying(true),
  pause: () => setPlaying(false),
};
