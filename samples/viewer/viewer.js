// Plays a .glb written by `inputanim convert`: hands, head frustum, gaze ray, and a timeline with the
// tracked/pinching states and markers. Works on any glTF with an animation; the profile's node names
// (docs/gltf-profile.md) add the frustum, the gaze ray and the bands.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

const $ = (id) => document.getElementById(id);
const stage = $('stage');
const renderer = new THREE.WebGLRenderer({ antialias: true });
renderer.setPixelRatio(window.devicePixelRatio);
stage.appendChild(renderer.domElement);

const scene = new THREE.Scene();
scene.background = new THREE.Color(0x1b1e23);
scene.add(new THREE.HemisphereLight(0xffffff, 0x3a3f47, 2.2));
const sun = new THREE.DirectionalLight(0xffffff, 1.4);
sun.position.set(1, 3, -2);
scene.add(sun);
scene.add(new THREE.GridHelper(4, 40, 0x5a5a5a, 0x34373c));

const camera = new THREE.PerspectiveCamera(50, 1, 0.01, 100);
const controls = new OrbitControls(camera, renderer.domElement);
camera.position.set(0, 2, -1);
controls.target.set(0, 1.2, 0.5);
controls.update();

// Colours of what the viewer adds: neutral frustum, green gaze ray (the file's hands are blue and orange).
const FRUSTUM_COLOUR = new THREE.Color(0xd8d8d8);
const GAZE_COLOUR = 0x46d160;
const BAND_COLOURS = { tracked: ['#5b9be6', '#e6995b'], pinching: '#ff5a48', marker: '#f2f2f2' };

const state = {
  loaded: false, root: null, mixer: null, duration: 0, time: 0, playing: false, speed: 1,
  head: null, frustum: null, gaze: null, gazeDirection: null, gazeLine: null, bands: [], markers: [],
};

function setStatus(text, isError = false) {
  $('name').textContent = text;
  $('name').style.color = isError ? '#ff7b72' : '';
}

function clear() {
  for (const object of [state.root, state.frustum, state.gazeLine]) if (object) scene.remove(object);
  Object.assign(state, { loaded: false, root: null, mixer: null, frustum: null, gazeLine: null, head: null, gaze: null,
                         gazeDirection: null, bands: [], markers: [], time: 0, playing: false });
}

// Intervals where a STEP scale track holds (1,1,1), clipped to [0, duration].
function intervalsOf(track, duration) {
  if (!track) return [];
  const intervals = [];
  const { times, values } = track;
  const width = values.length / times.length;
  for (let k = 0; k < times.length; k++) {
    if (values[k * width] <= 0.5) continue;
    const start = k === 0 ? 0 : times[k];
    const end = k + 1 < times.length ? times[k + 1] : duration;
    const last = intervals[intervals.length - 1];
    if (last && last[1] === start) last[1] = end; else intervals.push([start, end]);
  }
  return intervals;
}

function onLoaded(gltf, name) {
  clear();
  state.root = gltf.scene;
  // Skinned hands move far from their bind pose, so three.js's bounding spheres would cull them.
  state.root.traverse((object) => { if (object.isMesh) object.frustumCulled = false; });
  scene.add(state.root);
  const clip = gltf.animations.find((a) => a.name === 'InputAnimation') ?? gltf.animations[0];
  const extras = gltf.parser.json.animations?.[0]?.extras?.inputanim ?? gltf.parser.json.scenes?.[0]?.extras?.inputanim ?? {};
  state.duration = Math.max(extras.duration ?? 0, clip?.duration ?? 0);
  state.mixer = new THREE.AnimationMixer(state.root);
  if (clip) state.mixer.clipAction(clip).play();

  const track = (node) => clip?.tracks.find((t) => t.name === `${node}.scale`);
  state.bands = [
    { label: 'L tracked', colour: BAND_COLOURS.tracked[0], intervals: intervalsOf(track('Hand_Left'), state.duration) },
    { label: 'L pinch', colour: BAND_COLOURS.pinching, intervals: intervalsOf(track('Hand_Left_Pinching'), state.duration) },
    { label: 'R tracked', colour: BAND_COLOURS.tracked[1], intervals: intervalsOf(track('Hand_Right'), state.duration) },
    { label: 'R pinch', colour: BAND_COLOURS.pinching, intervals: intervalsOf(track('Hand_Right_Pinching'), state.duration) },
  ].filter((band) => track(band.label.startsWith('L') ? 'Hand_Left' : 'Hand_Right'));
  state.markers = (extras.markers ?? []).map((m) => ({ time: Number(m.time), name: String(m.name) }));

  // The head: a small frustum on Camera_View (which holds the recorded camera, looking down its -Z).
  const view = state.root.getObjectByName('Camera_View');
  state.head = state.root.getObjectByName('Camera');
  if (view) {
    const proxy = new THREE.PerspectiveCamera(view.isPerspectiveCamera ? view.fov : 60, 16 / 9, 0.03, 0.12);
    view.add(proxy);
    state.frustum = new THREE.CameraHelper(proxy);
    state.frustum.setColors(FRUSTUM_COLOUR, FRUSTUM_COLOUR, FRUSTUM_COLOUR, FRUSTUM_COLOUR, FRUSTUM_COLOUR);
    scene.add(state.frustum);
  }
  state.gaze = state.root.getObjectByName('Gaze');
  state.gazeDirection = state.root.getObjectByName('Gaze_Direction');
  if (state.gaze && state.gazeDirection) {
    const geometry = new THREE.BufferGeometry().setFromPoints([new THREE.Vector3(), new THREE.Vector3()]);
    state.gazeLine = new THREE.Line(geometry, new THREE.LineBasicMaterial({ color: GAZE_COLOUR }));
    scene.add(state.gazeLine);
  }

  seek(0);
  frameView();
  $('play').disabled = $('scrubber').disabled = false;
  $('scrubber').max = String(state.duration);
  setStatus(`${name}: ${state.duration.toFixed(3)} s, ${clip ? clip.tracks.length : 0} channels, ${state.markers.length} markers`);
  drawBands();
  state.loaded = true;
}

// Over the shoulder: behind and above the head at t = 0, looking where the user looks (+Z).
function frameView() {
  const head = new THREE.Vector3(0, 1.6, 0);
  if (state.head) state.head.getWorldPosition(head);
  camera.position.copy(head).add(new THREE.Vector3(0, 0.3, -0.6));
  controls.target.copy(head).add(new THREE.Vector3(0, -0.3, 0.4));
  controls.update();
}

function load(buffer, name) {
  setStatus(`loading ${name} ...`);
  new GLTFLoader().parse(buffer, '', (gltf) => onLoaded(gltf, name),
                         (error) => setStatus(`${name}: ${error.message ?? error}`, true));
}

function seek(time) {
  state.time = Math.min(Math.max(time, 0), state.duration);
  if (state.mixer) state.mixer.setTime(state.time);
  update();
}

function update() {
  scene.updateMatrixWorld(true);
  if (state.frustum) state.frustum.update();
  if (state.gazeLine) {
    const origin = state.gaze.getWorldPosition(new THREE.Vector3());
    const direction = state.gazeDirection.getWorldPosition(new THREE.Vector3()).sub(origin);
    state.gazeLine.visible = direction.lengthSq() > 1e-12;
    const end = origin.clone().addScaledVector(direction.normalize(), 2);
    state.gazeLine.geometry.setFromPoints([origin, end]);
  }
  $('clock').textContent = `${state.time.toFixed(3)} / ${state.duration.toFixed(3)} s`;
  $('scrubber').value = String(state.time);
  $('play').innerHTML = state.playing ? '&#10074;&#10074;' : '&#9654;';
  drawCursor();
}

// ---- timeline ---------------------------------------------------------------------------------------
const bandsCanvas = $('bands');
let bandsImage = null;

function drawBands() {
  const ratio = window.devicePixelRatio;
  const width = bandsCanvas.clientWidth, height = bandsCanvas.clientHeight;
  bandsCanvas.width = width * ratio;
  bandsCanvas.height = height * ratio;
  const g = bandsCanvas.getContext('2d');
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.clearRect(0, 0, width, height);
  const markerRow = 14, rowHeight = (height - markerRow) / Math.max(1, state.bands.length);
  const x = (t) => (state.duration > 0 ? (t / state.duration) * width : 0);
  state.bands.forEach((band, row) => {
    const top = markerRow + row * rowHeight;
    g.fillStyle = '#2f343c';
    g.fillRect(0, top + 1, width, rowHeight - 2);
    g.fillStyle = band.colour;
    for (const [start, end] of band.intervals) g.fillRect(x(start), top + 1, Math.max(1, x(end) - x(start)), rowHeight - 2);
    g.fillStyle = '#f0f0f0';
    g.font = '9px sans-serif';
    g.fillText(band.label, 3, top + rowHeight - 3);
  });
  g.font = '10px sans-serif';
  for (const marker of state.markers) {
    g.fillStyle = BAND_COLOURS.marker;
    g.fillRect(x(marker.time), 2, 1, height - 2);
    g.fillText(marker.name, x(marker.time) + 3, 10);
  }
  bandsImage = g.getImageData(0, 0, bandsCanvas.width, bandsCanvas.height);
}

function drawCursor() {
  if (!bandsImage) return;
  const g = bandsCanvas.getContext('2d');
  g.putImageData(bandsImage, 0, 0);
  const x = state.duration > 0 ? (state.time / state.duration) * bandsCanvas.width : 0;
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.fillStyle = '#ffffff';
  g.fillRect(Math.round(x) - 1, 0, 2, bandsCanvas.height);
  g.setTransform(window.devicePixelRatio, 0, 0, window.devicePixelRatio, 0, 0);
}

// ---- controls ---------------------------------------------------------------------------------------
function setPlaying(playing) {
  state.playing = playing && state.loaded;
  if (state.playing && state.time >= state.duration) state.time = 0;
  update();
}

$('play').addEventListener('click', () => setPlaying(!state.playing));
$('scrubber').addEventListener('input', (event) => seek(Number(event.target.value)));
$('speed').addEventListener('change', (event) => { state.speed = Number(event.target.value); });
window.addEventListener('keydown', (event) => {
  if (event.code === 'Space' && event.target.tagName !== 'SELECT') { event.preventDefault(); setPlaying(!state.playing); }
});
$('file').addEventListener('change', async (event) => {
  const file = event.target.files[0];
  if (file) load(await file.arrayBuffer(), file.name);
});
window.addEventListener('dragover', (event) => { event.preventDefault(); document.body.classList.add('dragging'); });
window.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
window.addEventListener('drop', async (event) => {
  event.preventDefault();
  document.body.classList.remove('dragging');
  const file = event.dataTransfer.files[0];
  if (file) load(await file.arrayBuffer(), file.name);
});

function resize() {
  const width = stage.clientWidth, height = stage.clientHeight;
  renderer.setSize(width, height, false);
  camera.aspect = width / Math.max(1, height);
  camera.updateProjectionMatrix();
  drawBands();
  drawCursor();
}
new ResizeObserver(resize).observe(stage);
resize();

const clock = new THREE.Clock();
renderer.setAnimationLoop(() => {
  const dt = clock.getDelta();
  if (state.playing) {
    let t = state.time + dt * state.speed;
    if (t > state.duration) t = state.duration > 0 ? t % state.duration : 0;  // loop
    seek(t);
  }
  controls.update();
  renderer.render(scene, camera);
});

// ?src=recording.glb opens a file served beside the page.
const src = new URLSearchParams(location.search).get('src');
if (src) fetch(src).then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`${src}: HTTP ${r.status}`))))
  .then((buffer) => load(buffer, src)).catch((error) => setStatus(error.message, true));

// For tests and the console: the state, seek and a synchronous render.
window.viewer = {
  get loaded() { return state.loaded; },
  get time() { return state.time; },
  get duration() { return state.duration; },
  get bands() { return state.bands; },
  get markers() { return state.markers; },
  camera,
  seek: (t) => { setPlaying(false); seek(t); renderer.render(scene, camera); },
  play: () => setPlaying(true),
  pause: () => setPlaying(false),
};
