// InputAnimationLoader: MRTK input animations (.bin) and hand rigs (.glb, .gltf) for three.js, read by inputanim's
// library in WebAssembly in a Web Worker. It returns what GLTFLoader returns (scene, animations, cameras, ...) for
// the recording as inputanim converts it (docs/gltf-profile.md), plus `recording` (InputAnimationRecording): its
// summary, states, findings, MRTK's poses on request, and dispose(). API: README.md and index.d.ts.
import { BufferGeometry, FileLoader, Float32BufferAttribute, Line, LineBasicMaterial, LineSegments, Loader, LoaderUtils, Quaternion,
         Vector3 } from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

export const SIDES = ['left', 'right'];
const GAZE_COLOUR = 0x46d160, FRUSTUM_COLOUR = 0xd8d8d8;
const DEFAULT_OPTIONS = { animation: null, side: null, map: null, hold: null, prerelease2019: false, check: true, helpers: true, name: null,
                          onStage: null };
const LIBRARY_OPTIONS = ['animation', 'side', 'map', 'hold', 'prerelease2019'];

// Same-origin scripts that start worker.js from another origin, by its address (kept: a few bytes each).
const bootstraps = new Map();

// One worker running the library (worker.js at `url`), answering requests by id. Browsers start workers from the
// page's origin only: from another (a CDN), a same-origin blob imports worker.js, and the library's files are
// fetched with CORS.
class LibraryWorker {
  constructor(url) {
    this.pending = new Map();
    this.next = 1;
    this.failure = null;
    if (new URL(url).origin !== location.origin && !bootstraps.has(url)) {
      const bootstrap = `self.inputanimBase = ${JSON.stringify(url)}; importScripts(self.inputanimBase);`;
      bootstraps.set(url, URL.createObjectURL(new Blob([bootstrap], { type: 'text/javascript' })));
    }
    this.worker = new Worker(bootstraps.get(url) ?? url);
    this.worker.onmessage = ({ data }) => this.answer(data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.terminate(new Error(`the inputanim library could not run: ${event.message || `${url} or inputanim.wasm failed to load`}`));
    };
  }

  answer(data) {
    const request = this.pending.get(data.id);
    if (!request) return;
    if (data.type === 'progress') return request.onStage?.(data.stage);
    this.pending.delete(data.id);
    if (data.type === 'result') request.resolve(data.result);
    else {
      if (data.fatal) this.terminate(new Error(data.message));
      request.reject(new Error(data.message));
    }
  }

  request(type, fields = {}, transfer = [], onStage = null) {
    if (!this.worker) return Promise.reject(this.failure ?? new Error('the recording was disposed of'));
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onStage });
      this.worker.postMessage({ id, type, ...fields }, transfer);
    });
  }

  // Ends the worker; requests still waiting reject with `reason` (default: disposed of).
  terminate(reason = null) {
    this.failure ??= reason;
    this.worker?.terminate();
    this.worker = null;
    const error = this.failure ?? new Error('the recording was disposed of');
    for (const request of this.pending.values()) request.reject(error);
    this.pending.clear();
  }
}

// Where a state holds true: intervals [start, end) in seconds, the last one closed at the recording's end.
function holdsAt(intervals, time, duration) {
  return intervals.some(([start, end]) => time >= start && (time < end || (end === duration && time <= end)));
}

// A recording opened by InputAnimationLoader, kept open in its worker until dispose().
export class InputAnimationRecording {
  constructor(worker, name, opened, root, helpers) {
    const info = opened.info;
    this.name = name;
    this.info = info;  // inputanim.info/1 (docs/cli.md); its findings are those of check()
    this.format = info.input.kind === 'MRTK binary' ? `MRTK ${info.format.version} ${info.format.layout}` : info.input.kind;
    this.duration = info.duration;
    this.sections = ['camera', 'left', 'right', 'gaze'].filter((s) => info.sections[s]?.present && info.sections[s].keys > 0);
    this.markers = info.markers.map((m) => ({ time: Number(m.time), name: String(m.name) }));
    this.tracked = { left: info.tracked.left, right: info.tracked.right };
    this.pinching = { left: info.pinching.left, right: info.pinching.right };
    this.findings = null;  // the checker's, once checked
    this.profile = opened.profile;  // the glTF profile's findings on a glTF input
    this.helpers = helpers;  // { gazeRay, headFrustum }: what the loader added to the scene, or null
    this.worker = worker;
    this.root = root;
  }

  // Tracked and pinching per hand at `time` (seconds, clamped to the recording), as MRTK plays them.
  stateAt(time) {
    const t = Math.min(Math.max(Number(time), 0), this.duration);
    const state = (side) => ({ tracked: holdsAt(this.tracked[side], t, this.duration), pinching: holdsAt(this.pinching[side], t, this.duration) });
    return { left: state('left'), right: state('right') };
  }

  // Frames of inputanim.sample/1 (`inputanim sample --format json`) at `times`; select: as `sample --select`;
  // coordinates: 'gltf' (the scene's, default) or 'unity' (MRTK's).
  sample(times, { select = [], coordinates = 'gltf' } = {}) {
    return this.ask('sample', { request: { times: [...times], select, coordinates } });
  }

  // A joint's pose as MRTK plays it: {position: [x, y, z] metres, rotation: [x, y, z, w] or null, tracked, pinching}.
  async jointPose(side, joint, time, { coordinates = 'gltf' } = {}) {
    const hand = String(side).toLowerCase();
    if (!SIDES.includes(hand)) throw new Error(`${this.name}: side must be 'left' or 'right', not ${side}`);
    const [frame] = await this.sample([time], { select: [`${hand}.${joint}`], coordinates });
    const part = frame[hand];
    if (!part) throw new Error(`${this.name}: the recording has no hands`);
    const pose = Object.values(part.joints)[0];
    return { position: pose.position, rotation: pose.rotation, tracked: part.tracked, pinching: part.pinching };
  }

  // The checker's findings (docs/cli.md), also kept in `findings`.
  async check() {
    this.findings = await this.ask('check');
    this.info.findings = this.findings;
    return this.findings;
  }

  // The recording as a file: 'glb' (inputanim's profile, as `inputanim convert` writes it) or 'bin' (an MRTK binary
  // recording MRTK loads) -> {blob, format, messages}.
  async export(format) {
    if (format !== 'glb' && format !== 'bin') throw new Error(`${this.name}: export writes 'glb' or 'bin', not ${format}`);
    const { parts, ...rest } = await this.ask('export', { format });
    return { blob: new Blob(parts, { type: format === 'glb' ? 'model/gltf-binary' : 'application/octet-stream' }), ...rest };
  }

  // The recording with `edits` applied in order, as an MRTK binary recording (the bytes `inputanim trim`, `shift`,
  // `retime`, `mirror` and `markers` write) -> {blob, format, messages, duration}; the open recording is unchanged.
  // Edits: {trim: {start, end, keepTime}} (seconds or marker names), {shift: seconds}, {retime: speed},
  // {duration: seconds}, {mirror: true}, {markers: {add: [{time, name}], remove: [names], rename: [[old, new]]}}.
  async edit(edits) {
    if (!Array.isArray(edits)) {
      throw new Error(`${this.name}: edit takes an array of edits, such as [{trim: {start: 1, end: 2}}, {retime: 2}], not ${describeValue(edits)}`);
    }
    const { parts, ...rest } = await this.ask('edit', { edits: [...edits] });
    return { blob: new Blob(parts, { type: 'application/octet-stream' }), ...rest };
  }

  // A request to the worker; its errors name the file.
  ask(type, fields = {}) {
    return this.worker.request(type, fields).catch((error) => {
      throw error.message.startsWith(this.name) ? error : new Error(`${this.name}: ${error.message}`);
    });
  }

  // Ends the worker and frees the geometries, materials, textures and skeletons of the scene, which leaves its
  // parent. Stop or uncache your AnimationMixer's actions on it first.
  dispose() {
    this.worker.terminate();
    if (!this.root) return;
    this.root.removeFromParent();
    disposeTree(this.root);
    this.root = null;
  }
}

// `error` as an Error whose message starts with the file's name.
function namedError(error, name) {
  const message = error instanceof Error ? error.message : String(error?.message ?? error);
  return error instanceof Error && message.startsWith(name) ? error : new Error(`${name}: ${message}`);
}

// A value as a message names it: its type, or null.
function describeValue(value) {
  return value === null ? 'null' : typeof value === 'object' ? 'an object' : `the ${typeof value} ${String(value).slice(0, 40)}`;
}

// Frees the geometries, materials, textures and skeletons under `root`.
export function disposeTree(root) {
  const textures = new Set();
  root.traverse((object) => {
    object.geometry?.dispose();
    for (const material of [object.material ?? []].flat()) {
      for (const value of Object.values(material)) if (value?.isTexture) textures.add(value);
      material.dispose();
    }
    if (object.isSkinnedMesh) object.skeleton?.dispose();
  });
  for (const texture of textures) texture.dispose();
}

// The gaze as a ray of `length` metres from Gaze along Gaze_Direction's offset (hidden while that is zero): placed
// in world space each time the scene's matrices are updated.
class GazeRay extends Line {
  constructor(gaze, direction, length = 2) {
    super(new BufferGeometry().setFromPoints([new Vector3(), new Vector3(0, 0, -1)]), new LineBasicMaterial({ color: GAZE_COLOUR }));
    Object.assign(this, { name: 'inputanim_gaze_ray', gaze, direction, length, matrixAutoUpdate: false, frustumCulled: false });
  }

  updateMatrixWorld() {
    const origin = this.gaze.getWorldPosition(new Vector3());
    const offset = this.direction.getWorldPosition(new Vector3()).sub(origin);
    this.visible = offset.lengthSq() > 1e-12;
    if (!this.visible) return;
    const turn = new Quaternion().setFromUnitVectors(new Vector3(0, 0, -1), offset.normalize());
    this.matrixWorld.compose(origin, turn, new Vector3(1, 1, this.length));
  }
}

// A small frustum (3-12 cm, 16:9) drawn where the head camera looks (Camera_View looks down its -Z).
function headFrustum(fov) {
  const corners = (distance) => {
    const h = distance * Math.tan((fov * Math.PI) / 360), w = (h * 16) / 9;
    return [[-w, -h], [w, -h], [w, h], [-w, h]].map(([x, y]) => [x, y, -distance]);
  };
  const near = corners(0.03), far = corners(0.12), points = [];
  for (let i = 0; i < 4; i++) points.push(...near[i], ...near[(i + 1) % 4], ...far[i], ...far[(i + 1) % 4], 0, 0, 0, ...far[i]);
  const geometry = new BufferGeometry().setAttribute('position', new Float32BufferAttribute(points, 3));
  const frustum = new LineSegments(geometry, new LineBasicMaterial({ color: FRUSTUM_COLOUR }));
  frustum.name = 'inputanim_head_frustum';
  return frustum;
}

// Readies the converted scene to play: skinned hands are never culled (they move far from their bind pose), and the
// gaze ray and head frustum are added when asked for.
function prepareScene(gltf, withHelpers) {
  gltf.scene.traverse((object) => { if (object.isMesh) object.frustumCulled = false; });
  if (!withHelpers) return null;
  const helpers = { gazeRay: null, headFrustum: null };
  const gaze = gltf.scene.getObjectByName('Gaze'), direction = gltf.scene.getObjectByName('Gaze_Direction');
  if (gaze && direction) gltf.scene.add((helpers.gazeRay = new GazeRay(gaze, direction)));  // last: after the gaze nodes
  const view = gltf.scene.getObjectByName('Camera_View');
  if (view) view.add((helpers.headFrustum = headFrustum(view.isPerspectiveCamera ? view.fov : 60)));
  return helpers;
}

// The files a .gltf's buffers name (`uris`, as the worker found them), relative to it, as {path, bytes}. Paths
// leaving the folder, and files that do not arrive, are left out: the library then says which buffer it could not
// read, and where, as the command line does.
async function neighbours(uris, path, fetchBytes) {
  const files = [];
  for (const uri of uris) {
    if (/^[a-z][a-z0-9+.-]*:|^\//i.test(uri)) continue;  // data: URIs are read by the library; others are not files beside it
    let relative;
    try { relative = decodeURIComponent(uri); } catch { continue; }
    if (relative.split('/').some((part) => part === '..' || part === '.' || part === '')) continue;
    const bytes = await fetchBytes(LoaderUtils.resolveURL(uri, path)).catch(() => null);
    if (bytes) files.push({ path: relative, bytes });
  }
  return files;
}

export class InputAnimationLoader extends Loader {
  constructor(manager) {
    super(manager);
    this.options = { ...DEFAULT_OPTIONS };
    this.libraryPath = new URL('./', import.meta.url).href;
    this.spare = null;  // a worker started ahead of the next load (preload())
    this.opening = new Set();  // the workers of loads in progress (abort())
    this.fetching = new Set();  // their FileLoaders
    this.aborts = 0;  // abort() calls so far: a load started before the last one is abandoned
  }

  // Where worker.js, inputanim.js and inputanim.wasm are (default: beside this module), on any origin that allows
  // the page's requests (CORS).
  setLibraryPath(path) {
    this.libraryPath = path;
    return this;
  }

  // Reading options (as the CLI's): animation (name or index), side ('left' | 'right', a one-handed rig), map (the
  // node map's JSON object), hold (seconds), prerelease2019; and check (run the checker before onLoad, default
  // true), helpers (gaze ray and head frustum, default true), name (what messages call a parsed buffer), onStage
  // (called with 'reading', 'decoding', 'converting', 'drawing', 'checking').
  setOptions(options) {
    this.options = { ...this.options, ...options };
    return this;
  }

  // Starts the library ahead of the next load, so that it does not wait for the WebAssembly to compile.
  preload() {
    this.spare ??= this.startWorker();
    return this;
  }

  // The library's version, once it runs (starts it ahead of the next load).
  libraryVersion() {
    return this.preload().spare.request('version');
  }

  startWorker() {
    return new LibraryWorker(new URL('worker.js', new URL(this.libraryPath, location.href)).href);
  }

  load(url, onLoad, onProgress, onError) {
    const base = LoaderUtils.extractUrlBase(url);
    const resourcePath = this.resourcePath || (this.path === '' ? base : LoaderUtils.resolveURL(base, this.path));
    const options = { ...this.options }, aborts = this.aborts;
    const name = options.name ?? decodeURIComponent(url.split(/[?#]/)[0].split('/').pop() || url);
    this.manager.itemStart(url);
    const failed = (error) => {
      onError ? onError(error) : console.error(error);
      this.manager.itemError(url);
      this.manager.itemEnd(url);
    };
    options.onStage?.('reading');
    this.fetchBytes(this.path + url, onProgress)
      .then((bytes) => this.open(bytes, resourcePath, name, options, aborts))
      .then((result) => {
        onLoad(result);
        this.manager.itemEnd(url);
      }, (error) => {
        failed(namedError(this.aborts !== aborts ? new Error('the load was aborted') : error, name));
      });
  }

  // `data`: the file's bytes (an ArrayBuffer or a view, copied: the caller keeps them) or a .gltf's text.
  parse(data, path, onLoad, onError) {
    const options = { ...this.options }, name = options.name ?? 'input';
    const failed = (error) => (onError ? onError(error) : console.error(error));
    let bytes;
    try { bytes = typeof data === 'string' ? new TextEncoder().encode(data).buffer : ArrayBuffer.isView(data) ? data.slice().buffer : data.slice(0); }
    catch { return failed(new Error(`${name}: parse takes an ArrayBuffer, a typed array or a string`)); }
    this.open(bytes, path, name, options, this.aborts).then(onLoad, (error) => failed(namedError(error, name)));
  }

  // Stops the loads in progress: their requests and workers end, and their onError is called.
  abort() {
    this.aborts++;
    for (const loader of this.fetching) loader.abort?.();  // recent three.js: the request ends too
    for (const worker of this.opening) worker.terminate(new Error('the load was aborted'));
    return this;
  }

  fetchBytes(url, onProgress) {
    const loader = new FileLoader(this.manager);
    loader.setResponseType('arraybuffer');
    loader.setRequestHeader(this.requestHeader);
    loader.setWithCredentials(this.withCredentials);
    this.fetching.add(loader);
    return new Promise((resolve, reject) => loader.load(url, resolve, onProgress, reject)).finally(() => this.fetching.delete(loader));
  }

  // The bytes through the library and GLTFLoader into the result; `aborts`: abort() calls before the load began.
  async open(bytes, path, name, options, aborts) {
    const stage = (s) => options.onStage?.(s);
    const goOn = () => { if (this.aborts !== aborts) throw new Error('the load was aborted'); };
    goOn();
    const worker = this.spare ?? this.startWorker();
    this.spare = null;
    this.opening.add(worker);
    try {
      const { uris } = await worker.request('read', { bytes }, bytes.byteLength > 0 ? [bytes] : []);
      const files = await neighbours(uris, path, (url) => this.fetchBytes(url));
      goOn();
      const libraryOptions = Object.fromEntries(LIBRARY_OPTIONS.filter((k) => options[k] != null).map((k) => [k, options[k]]));
      const opened = await worker.request('open', { name, files, options: libraryOptions }, files.map((f) => f.bytes).filter((b) => b.byteLength > 0),
                                          stage);
      stage('drawing');
      const gltf = await this.parseGlb(opened.glb);
      const helpers = prepareScene(gltf, options.helpers);
      gltf.recording = new InputAnimationRecording(worker, name, opened, gltf.scene, helpers);
      if (options.check) {
        stage('checking');
        await gltf.recording.check();
      }
      goOn();
      return gltf;
    } catch (error) {
      worker.terminate();
      throw error;
    } finally {
      this.opening.delete(worker);
    }
  }

  // The library's .glb, given as its JSON and one buffer per buffer view, used where they are (not copied again).
  parseGlb({ json, views }) {
    const loader = new GLTFLoader(this.manager);
    loader.register(() => ({ name: 'inputanim_buffer_views', loadBufferView: (index) => Promise.resolve(views[index]) }));
    return loader.parseAsync(json, '');
  }
}

