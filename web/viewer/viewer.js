// The web viewer: opens an MRTK recording (.bin), a .glb or a .gltf in the page with InputAnimationLoader
// (web/inputanim-three: the library in WebAssembly, in a worker, and three.js's GLTFLoader), which returns the scene
// as inputanim converts it (docs/gltf-profile.md): hands, head frustum, gaze ray, played in the 3D view (view3d.js);
// the timeline (timeline.js) shows the tracked/pinching states and markers from the library's summary. This module
// holds the open file's state.
import * as THREE from 'three';
import { InputAnimationLoader } from 'inputanim-three';
import { createView, playRecording } from './view3d.js';
import { Timeline, bandsOf, differsBand, frameStepOf, loopAround, nextTime, switchTimes } from './timeline.js';
import { showAnimations, showSummary } from './panel.js';
import { EditPanel } from './edit_panel.js';
import { Download, saveAs } from './download.js';
import { floorHeight, handsView } from './framing.js';
import { JointReadout, jointAt } from './joint_readout.js';
import { bindControls } from './controls.js';
import { Compare, compareSummary, worstNear } from './compare.js';
import {
  bindStatus,
  setBusy,
  setStatus,
  showChecked,
  showError,
  showProgress,
  showStage,
  statusLine,
} from './status.js';
import { exposeViewer } from './viewer_api.js';
import { Address, requestedFiles } from './address.js';
import { Capture } from './capture.js';
import { RecordButton } from './record.js';

const $ = (id) => document.getElementById(id);
const view = createView($('stage'), () => activeCamera());
const { renderer, scene, floor, camera, headCamera, controls } = view;
const timeline = new Timeline($('bands'), pickOnTimeline, (range) => setLoop(range), $('markers'));

const SIDES = ['Left', 'Right'];

// What the open file sets, and what clear() puts back.
const unopened = () => ({
  ...{ loaded: false, info: null, recording: null, root: null, mixer: null, frustum: null, head: null, view: null },
  ...{ bands: [], markers: [], joints: [], jointSides: new Map(), time: 0, playing: false, loop: null },
});
const state = {
  ...unopened(),
  ...{ name: '', kind: '', duration: 0, speed: 1, frameStep: 1 / 60, profile: [], ready: false, stageStarts: {} },
  ...{ headView: false, selected: null, openedAt: 0, openMs: 0 },
};
bindStatus({ state, compare: () => compare });

const editPanel = new EditPanel({
  recording: () => state.recording,
  name: () => state.name,
  time: () => state.time,
  open: (files, edited) => openFiles(files, edited),
  openEdited,
  save: (blob, name) => saveAs(blob, name),
  showError: (message) => showError(message),
  setBusy: (text) => setBusy(text),
});

const download = new Download({
  recording: () => state.recording,
  name: () => state.name,
  showError: (message) => showError(message),
  setBusy: (text) => setBusy(text),
});

const compare = new Compare({
  scene,
  a: () => state.recording,
  setBusy: (text) => setBusy(text),
  showError: (message) => showError(message),
  compared: (report) => {
    timeline.set(report ? [...state.bands, differsBand(report)] : state.bands, state.markers, state.duration);
    $('compare-close').hidden = !report;
    window.inputanimViewer.compare = compareSummary(compare.name, report);
    if (state.loaded) setStatus(statusLine());
    seek(state.time);
  },
});

const capture = new Capture({
  ...{ canvas: renderer.domElement, name: () => state.name, time: () => state.time, seek, setPlaying, showError },
  ...{ range: () => state.loop ?? [0, state.duration], renderNow: () => view.renderNow(), speed: () => state.speed },
  setSpeed: (factor) => (state.speed = factor),
});

const address = new Address({
  time: () => state.time,
  joint: () => state.selected && `${sideOf(state.selected).toLowerCase()}.${state.selected.userData.joint}`,
  headView: () => state.headView,
  loop: () => state.loop,
  animation: () => state.animation,
  seek,
  setLoop,
  offset: () => (compare.name ? compare.offset : 0),
  setOffset: (seconds) => compare.setOffset(seconds),
  compared: () => (compare.name ? compare.window : null),
  setCompared: (start, end) => compare.setWindow(start, end),
  selectJoint: (pose) => selectJoint(jointNode(pose)),
  setHeadView,
  setStatus,
});

// The documented state for tests and pages that embed the viewer (docs/viewer.md).
window.inputanimViewer = { loaded: null, error: null };

// Takes the open file out of the scene and off the GPU, and ends its worker.
function clear() {
  if (state.mixer) {
    state.mixer.stopAllAction();
    state.mixer.uncacheRoot(state.root);
  }
  state.recording?.dispose();
  selectJoint(null);
  Object.assign(state, unopened());
  setHeadView(false);
  for (const id of ['play', 'scrubber', 'frame', 'view', 'save-picture', 'save-clip']) $(id).disabled = true;
  editPanel.closed();
  download.closed();
  compare.close();
  capture.stop();
  $('error').hidden = true;
  $('summary').replaceChildren();
  $('findings').replaceChildren();
  timeline.set([], [], 0);
  view.requestRender();
}

// ---- the library, in its worker (InputAnimationLoader) ----------------------------------------------------
// Dropped files are served to the loader by name, so that a .gltf finds the files it names.
const dropped = new Map(); // file name -> object URL
const manager = new THREE.LoadingManager();
manager.setURLModifier((url) => dropped.get(decodeURIComponent(url).replace(/^\.\//, '')) ?? url);
const loader = new InputAnimationLoader(manager).setOptions({ check: false, onStage: (stage) => showStage(stage) });
loader.libraryVersion().then(
  () => {
    state.ready = true;
  },
  (error) => showError(error.message),
);
let opening = 0; // the latest open: an earlier one, aborted, reports nothing
let lastOpened = []; // the files opened last, which a choice of animation opens again
let compareNext = null; // {name, bytes: a promise}: what to compare with the file opening, once it is open

// Opens dropped or picked files, or {name, url} (a file the address names, fetched by the loader): a .gltf with the
// files it names, else the first file; `edited`: an edit's result; `animation`: which of a glTF's animations to read
// (its index; null: the loader's choice).
function openFiles(fileList, edited = false, animation = null) {
  const files = (lastOpened = [...fileList]);
  state.animation = animation;
  loader.setOptions({ animation });
  if (files.length === 0) return;
  const gltf = files.findIndex((f) => /\.gltf$/i.test(f.name));
  const main = gltf >= 0 ? gltf : 0;
  // Two recordings (no .gltf, which comes with its files): the first opens, the second is compared with it.
  if (gltf < 0 && files.length === 2 && !edited) compareNext = { name: files[1].name, bytes: files[1].arrayBuffer() };
  clear();
  window.inputanimViewer = { loaded: null, error: null };
  state.name = files[main].name;
  state.openedAt = performance.now();
  state.stageStarts = {};
  loader.abort(); // a file still opening goes, worker and all
  for (const url of dropped.values()) URL.revokeObjectURL(url);
  dropped.clear();
  for (const file of files) if (file instanceof Blob) dropped.set(file.name, URL.createObjectURL(file));
  const ticket = ++opening;
  loader.load(
    files[main] instanceof Blob ? encodeURIComponent(state.name) : files[main].url,
    (gltf) => {
      if (ticket !== opening) return gltf.recording.dispose();
      onLoaded(gltf);
      editPanel.opened(files, edited, state.duration);
    },
    showProgress,
    (error) => {
      if (ticket === opening) showError(error.message);
    },
  );
  loader.preload(); // the next file's worker, compiling while this one converts
}

// The open recording with `edits` applied, named `name`, in its place: opened in its worker (the loader's
// editAsync). Resolves to the edit's messages once it is shown, or to null when another file opened meanwhile.
async function openEdited(recording, edits, name) {
  const ticket = ++opening;
  Object.assign(state, { openedAt: performance.now(), stageStarts: {} });
  const gltf = await loader.editAsync(recording, edits, { name });
  if (ticket !== opening) return (gltf.recording.dispose(), null);
  clear();
  [state.name, lastOpened] = [name, []]; // a .bin: no animation to choose
  onLoaded(gltf);
  editPanel.opened([], true, state.duration);
  return gltf.messages;
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
  const { mixer, clip } = playRecording(gltf);
  state.duration = state.info.duration;
  state.mixer = mixer;
  state.frameStep = frameStepOf(clip);
  state.bands = bandsOf(state.info);
  state.markers = state.recording.markers;
  timeline.set(state.bands, state.markers, state.duration);
  const { nodes, joints } = state.recording.profileTable; // the library's names for the profile's nodes
  for (const side of SIDES) {
    for (const name of joints.slice(1)) {
      // not None, which no hand draws
      const joint = state.root.getObjectByName(`${nodes.hands[side]}_${name}`);
      if (joint) (state.joints.push(joint), state.jointSides.set(joint, side), (joint.userData.joint = name));
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
  for (const id of ['play', 'scrubber', 'frame', 'save-picture', 'save-clip']) $(id).disabled = false;
  $('view').disabled = !state.view;
  download.opened(state.recording);
  showAnimations($('animation'), state.info.input);
  address.restore();
  if (compareNext) compare.open(compareNext.name, compareNext.bytes);
  compareNext = null;
  $('scrubber').max = String(state.duration);
  state.loaded = true;
  view.renderNow();
  state.openMs = performance.now() - state.openedAt;
  setStatus(statusLine());
  window.inputanimViewer = {
    loaded: {
      name: state.name,
      duration: state.info.duration,
      sections: state.recording.sections,
      markers: state.markers,
    },
    error: null,
    compare: null,
  };
  showStage('checking');
  const recording = state.recording;
  recording.check().then(
    () => {
      if (state.recording === recording) showChecked(recording.findings);
    },
    (error) => {
      if (state.recording === recording) showError(`${state.name}: ${error.message}`);
    },
  );
}

const isTracked = (side, time = state.time) => state.recording.stateAt(time)[side.toLowerCase()].tracked; // as MRTK plays it
const sideOf = (joint) => state.jointSides.get(joint); // 'Left' or 'Right'

// The viewer as framing.js reads it.
const page = { state, seek, isTracked, sideOf };

function placeFloor() {
  floor.position.y = floorHeight(page);
}

// Frames the hands (framing.js, handsView): now, when `now` and a hand is tracked; else where they mostly are.
function frameHands(now) {
  const { target, position } = handsView(page, now, camera);
  setHeadView(false);
  controls.target.copy(target);
  camera.position.copy(position);
  controls.update();
}

function setHeadView(on) {
  state.headView = on && !!state.view;
  controls.enabled = !state.headView;
  $('view').classList.toggle('active', state.headView);
  if (state.frustum) state.frustum.visible = !state.headView;
  address.changed();
  view.requestRender();
}

const activeCamera = () => (state.headView ? headCamera : camera);

function seek(time) {
  state.time = Math.min(Math.max(time, 0), state.duration);
  if (state.mixer) state.mixer.setTime(state.time);
  compare.sync(state.time);
  update();
}

// A click on the timeline seeks there; on the row of differences, to its span's worst moment, with its joint shown.
function pickOnTimeline(time, band) {
  if (!state.loaded) return;
  setPlaying(false);
  const worst = worstNear(band, time);
  seek(worst?.time ?? time);
  if (jointNode(worst?.pose)) selectJoint(jointNode(worst.pose));
}

// The node of a joint named as diff and the address name it ('left.IndexTip'), or null.
function jointNode(pose) {
  const [side, name] = String(pose).split('.');
  return state.joints.find((j) => sideOf(j).toLowerCase() === side && j.userData.joint === name) ?? null;
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
  timeline.drawCursor(state.time, state.loop);
  address.changed();
  view.requestRender();
}

// ---- a joint's pose (joint_readout.js) ------------------------------------------------------------------
const readout = new JointReadout(scene, $('joint'), (joint, time) =>
  state.recording.jointPose(sideOf(joint).toLowerCase(), joint.userData.joint, time, { coordinates: 'unity' }),
);
const drawn = (joint) => isTracked(sideOf(joint));

function selectJoint(joint) {
  state.selected = joint;
  readout.select(joint);
  showJoint();
  address.changed();
  view.requestRender();
}

function showJoint() {
  const selected = state.selected;
  const other = selected && compare.counterpart(selected.name, sideOf(selected).toLowerCase(), state.time);
  readout.show(state.time, !!selected && drawn(selected), other);
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

// A loop range, [start, end] in seconds, or null: the whole recording.
function setLoop(range) {
  state.loop = range;
  update();
}

bindControls(renderer.domElement, {
  loaded: () => state.loaded,
  playPause: () => setPlaying(!state.playing),
  step,
  seek,
  end: () => seek(state.duration),
  frame: () => frameHands(true),
  headView: () => setHeadView(!state.headView),
  speed: (factor) => (state.speed = factor),
  open: () => $('file').click(),
  pick: (x, y) =>
    selectJoint(x === null ? null : jointAt(state.joints, drawn, renderer.domElement, activeCamera(), x, y)),
  coordinates: () => (readout.toggleFrame(), showJoint()),
  loop: () => setLoop(state.loop ? null : loopAround(state.markers, state.time, state.duration)),
  jump: (kind, direction) =>
    seek(
      nextTime(kind === 'marker' ? state.markers.map((m) => m.time) : switchTimes(state.bands), state.time, direction),
    ),
  openFiles,
});
$('compare-file').addEventListener('change', (event) => {
  const [file] = event.target.files;
  if (file && state.loaded) compare.open(file.name, file.arrayBuffer());
  event.target.value = '';
});
$('compare-close').addEventListener('click', () => compare.close());
$('animation').addEventListener('change', (event) => openFiles(lastOpened, false, Number(event.target.value)));

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
  const [start, end] = state.loop ?? [0, state.duration];
  const t = state.time + seconds * state.speed;
  seek(t > end || t < start ? start + (end > start ? (t - start) % (end - start) : 0) : t); // loop
});

// The files the address names (address.js): the first opens, the second is compared with it.
const requested = requestedFiles();
compareNext = requested.compare;
if (requested.src) openFiles([requested.src], false, address.requestedAnimation);
else loader.preload(); // no file yet: the library readies its code while the page waits for one

new RecordButton({ view, open: (files) => openFiles(files), showError, setStatus });
exposeViewer({ state, view, renderer, floor, activeCamera, seek, setPlaying, compare });
