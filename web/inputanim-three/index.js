// InputAnimationLoader: MRTK input animations (.bin) and hand rigs (.glb, .gltf) for three.js, read by inputanim's
// library in WebAssembly in a Web Worker. It returns what GLTFLoader returns (scene, animations, cameras, ...) for
// the recording as inputanim converts it (docs/gltf-profile.md), plus `recording` (InputAnimationRecording): its
// summary, states, findings, MRTK's poses on request, and dispose(). API: README.md and index.d.ts.
import {
  BufferGeometry,
  Cache,
  FileLoader,
  Float32BufferAttribute,
  Line,
  LineBasicMaterial,
  LineSegments,
  Loader,
  LoaderUtils,
  Quaternion,
  Vector3,
} from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { filesAt, packagedFiles, streamInto, WorkerPool } from './library.js';
import { PROFILE } from './profile.js';
import { InputAnimationRecording, checkedEdits, describeValue, namedError } from './recording.js';

export { disposeTree, InputAnimationRecording, SIDES } from './recording.js';
export { InputAnimationRecorder, recordingModes } from './recorder.js';

const GAZE_COLOUR = 0x46d160,
  FRUSTUM_COLOUR = 0xd8d8d8;
// The library's reading options (the profile table's names, each null for the library's default), then the loader's.
const LIBRARY_OPTIONS = PROFILE.options.reading;
const DEFAULT_OPTIONS = {
  ...Object.fromEntries(LIBRARY_OPTIONS.map((name) => [name, null])),
  check: true,
  helpers: true,
  name: null,
  onStage: null,
};
const LOADER_OPTIONS = { check: 'boolean', helpers: 'boolean', name: 'string', onStage: 'function' };

// The gaze as a ray of `length` metres from Gaze along Gaze_Direction's offset (hidden while that is zero): placed
// in world space each time the scene's matrices are updated.
class GazeRay extends Line {
  constructor(gaze, direction, length = 2) {
    super(
      new BufferGeometry().setFromPoints([new Vector3(), new Vector3(0, 0, -1)]),
      new LineBasicMaterial({ color: GAZE_COLOUR }),
    );
    Object.assign(this, {
      name: 'inputanim_gaze_ray',
      gaze,
      direction,
      length,
      matrixAutoUpdate: false,
      frustumCulled: false,
    });
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
    const h = distance * Math.tan((fov * Math.PI) / 360),
      w = (h * 16) / 9;
    return [
      [-w, -h],
      [w, -h],
      [w, h],
      [-w, h],
    ].map(([x, y]) => [x, y, -distance]);
  };
  const near = corners(0.03),
    far = corners(0.12),
    points = [];
  for (let i = 0; i < 4; i++)
    points.push(...near[i], ...near[(i + 1) % 4], ...far[i], ...far[(i + 1) % 4], 0, 0, 0, ...far[i]);
  const geometry = new BufferGeometry().setAttribute('position', new Float32BufferAttribute(points, 3));
  const frustum = new LineSegments(geometry, new LineBasicMaterial({ color: FRUSTUM_COLOUR }));
  frustum.name = 'inputanim_head_frustum';
  return frustum;
}

// Readies the converted scene to play: skinned hands are never culled (they move far from their bind pose), and the
// gaze ray and head frustum are added when asked for, on the profile's nodes (`nodes`, as the library names them).
function prepareScene(gltf, withHelpers, nodes) {
  gltf.scene.traverse((object) => {
    if (object.isMesh) object.frustumCulled = false;
  });
  if (!withHelpers) return null;
  const helpers = { gazeRay: null, headFrustum: null };
  const gaze = gltf.scene.getObjectByName(nodes.gaze),
    direction = gltf.scene.getObjectByName(nodes.gazeDirection);
  if (gaze && direction) gltf.scene.add((helpers.gazeRay = new GazeRay(gaze, direction))); // last: after the gaze nodes
  const view = gltf.scene.getObjectByName(nodes.cameraView);
  if (view) view.add((helpers.headFrustum = headFrustum(view.isPerspectiveCamera ? view.fov : 60)));
  return helpers;
}

// Resolves once the page has drawn its next frame (mostly the first to show a load), or after 250 ms without one (a
// hidden page): the checker then begins after it, and does not slow it down (it takes a core for as long as reading).
function nextFrameDrawn() {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, 250);
  });
}

// A recording that did not reach its user: closed in `worker` when it was opened there (`handle`, else null), and
// the worker let go of (`pool` ends it once it holds nothing).
function release(worker, pool, handle) {
  if (handle !== null) worker.request('close', { handle }).catch(() => {});
  pool.give(worker);
}

// The files a .gltf's buffers name beside it (`files`, as the library found them: {uri, path}), fetched relative to
// it, as {path, bytes}. Files that do not arrive are left out: the library then says which buffer it could not read,
// and where, as the command line does.
async function neighbours(files, path, fetchBytes) {
  const found = [];
  for (const file of files) {
    const bytes = await fetchBytes(LoaderUtils.resolveURL(file.uri, path)).catch(() => null);
    if (bytes) found.push({ path: file.path, bytes });
  }
  return found;
}

// The option among `names` nearest to a misspelt one (at most two edits away), or null.
function nearest(name, names) {
  const distance = (a, b) => {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++)
        next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      row = next;
    }
    return row[b.length];
  };
  const [best] = names.map((n) => [n, distance(name.toLowerCase(), n.toLowerCase())]).sort((a, b) => a[1] - b[1]);
  return best && best[1] <= 2 ? best[0] : null;
}

// The options as given, or an Error naming the first unknown one or one of the loader's own of the wrong type (the
// library's options are checked by the library, which names them too).
function checkedOptions(options) {
  if (options === null || typeof options !== 'object')
    throw new Error(`setOptions takes an object, not ${String(options)}`);
  for (const [key, value] of Object.entries(options)) {
    if (!(key in DEFAULT_OPTIONS)) {
      const near = nearest(key, Object.keys(DEFAULT_OPTIONS));
      throw new Error(
        `unknown option '${key}'${near ? ` (did you mean '${near}'?)` : ''}; the options are ${Object.keys(DEFAULT_OPTIONS).join(', ')}`,
      );
    }
    const type = LOADER_OPTIONS[key];
    if (type && typeof value !== type && !(DEFAULT_OPTIONS[key] === null && value == null)) {
      throw new Error(
        `option '${key}' takes a ${type}${DEFAULT_OPTIONS[key] === null ? ' or null' : ''}, not ${JSON.stringify(value) ?? typeof value}`,
      );
    }
  }
  return options;
}

export class InputAnimationLoader extends Loader {
  constructor(manager) {
    super(manager);
    this.options = { ...DEFAULT_OPTIONS };
    this.libraryPath = null; // null: the files beside this module, as bundlers emit them
    this.pool = new WorkerPool();
    this.opening = new Map(); // the workers of loads in progress, and how many each (abort())
    this.fetching = new Set(); // their FileLoaders
    this.aborts = 0; // abort() calls so far: a load started before the last one is abandoned
  }

  // Where worker.js, inputanim.js and inputanim.wasm are (default: beside this module, wherever a bundler put
  // them), on any origin that allows the page's requests (CORS); null: the default again.
  setLibraryPath(path) {
    this.libraryPath = path;
    return this;
  }

  // Recordings open at once in one worker each, at most (default 4); beyond it, recordings share the worker that
  // holds fewest (each worker's memory is the library's heap: about 230 MB for a 600 s recording).
  setWorkerLimit(limit) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error(`setWorkerLimit takes a whole number of workers, 1 or more, not ${limit}`);
    this.pool.limit = limit;
    return this;
  }

  // Reading options (as the CLI's): animation (name or index), side ('left' | 'right', a one-handed rig), map (the
  // node map's JSON object), hold (seconds), prerelease2019; and check (run the checker once the page has drawn
  // its next frame after the hand-over: recording.checked, default true), helpers (gaze ray and head frustum, default true), name
  // (what messages call a parsed buffer), onStage (called with 'reading', 'decoding', 'converting', 'drawing',
  // 'checking'). An unknown option is refused by name.
  setOptions(options) {
    this.options = { ...this.options, ...checkedOptions(options) };
    return this;
  }

  libraryFiles() {
    return this.libraryPath == null ? packagedFiles() : filesAt(this.libraryPath);
  }

  // Starts the library ahead of the next load, so that it does not wait for the WebAssembly to compile, and readies
  // its code by opening and drawing two short recordings of its own there (inputanim_warm_up).
  preload() {
    const worker = this.pool.spare(this.libraryFiles());
    if (!worker.codeReady)
      worker.codeReady = worker.request('readyCode').then(
        () => true,
        () => false, // a load that needs the worker says why
      );
    return this;
  }

  // A worker for the next open, started now so that the WebAssembly compiles while the file downloads (a failure to
  // start is reported by the open that needs it).
  warmUp() {
    try {
      this.pool.spare(this.libraryFiles());
    } catch {
      /* open() says why */
    }
  }

  // The library's version, once it runs (starts it ahead of the next load).
  libraryVersion() {
    return this.pool.spare(this.libraryFiles()).request('version');
  }

  load(url, onLoad, onProgress, onError) {
    const base = LoaderUtils.extractUrlBase(url);
    const resourcePath = this.resourcePath || (this.path === '' ? base : LoaderUtils.resolveURL(base, this.path));
    const options = { ...this.options },
      aborts = this.aborts;
    const name = options.name ?? decodeURIComponent(url.split(/[?#]/)[0].split('/').pop() || url);
    this.manager.itemStart(url);
    const failed = (error) => {
      onError ? onError(error) : console.error(error);
      this.manager.itemError(url);
      this.manager.itemEnd(url);
    };
    options.onStage?.('reading');
    this.warmUp();
    this.open((worker) => this.readInto(worker, this.path + url, onProgress), resourcePath, name, options, aborts).then(
      (result) => {
        try {
          onLoad(result);
        } catch (error) {
          return failed(error); // as GLTFLoader: the manager's item ends
        }
        this.manager.itemEnd(url);
      },
      (error) => failed(namedError(this.aborts !== aborts ? new Error('the load was aborted') : error, name)),
    );
  }

  // `data`: the file's bytes (an ArrayBuffer or a view, copied: the caller keeps them) or a .gltf's text.
  parse(data, path, onLoad, onError) {
    const options = { ...this.options },
      name = options.name ?? 'input';
    const failed = (error) => (onError ? onError(error) : console.error(error));
    let bytes;
    try {
      bytes =
        typeof data === 'string'
          ? new TextEncoder().encode(data).buffer
          : ArrayBuffer.isView(data)
            ? data.slice().buffer
            : data.slice(0);
    } catch {
      return failed(new Error(`${name}: parse takes an ArrayBuffer, a typed array or a string`));
    }
    const read = (worker) => worker.request('read', { bytes }, bytes.byteLength > 0 ? [bytes] : []);
    this.open(read, path, name, options, this.aborts).then(
      (result) => {
        try {
          onLoad(result);
        } catch (error) {
          failed(error);
        }
      },
      (error) => failed(namedError(error, name)),
    );
  }

  parseAsync(data, path) {
    return new Promise((resolve, reject) => this.parse(data, path, resolve, reject));
  }

  // Stops the loads in progress: their requests end, and their onError is called. A worker that holds nothing else
  // ends at once.
  abort() {
    this.aborts++;
    for (const loader of this.fetching) loader.abort?.(); // recent three.js: the request ends too
    for (const [worker, loads] of this.opening)
      if (worker.open <= loads) worker.terminate(new Error('the load was aborted'));
    return this;
  }

  // Stops the loads in progress and ends the workers that hold no recording (preload's). The recordings handed out
  // stay open until their own dispose(); the loader can load again.
  dispose() {
    this.abort();
    this.pool.endIdle();
  }

  // The file at `url` into `worker`, as its `read` answers: fetched as it arrives (streamInto), or with THREE.Cache
  // enabled through FileLoader, whose buffer the cache and other loads of the URL share (so copied, not handed over).
  async readInto(worker, url, onProgress) {
    if (Cache.enabled) return worker.request('read', { bytes: await this.fetchBytes(url, onProgress) });
    const controller = new AbortController(),
      fetching = { abort: () => controller.abort() };
    this.fetching.add(fetching);
    try {
      return await streamInto(worker, this.manager.resolveURL(url), {
        headers: this.requestHeader,
        credentials: this.withCredentials ? 'include' : 'same-origin',
        signal: controller.signal,
        onProgress,
      });
    } finally {
      this.fetching.delete(fetching);
    }
  }

  fetchBytes(url, onProgress) {
    const loader = new FileLoader(this.manager);
    loader.setResponseType('arraybuffer');
    loader.setRequestHeader(this.requestHeader);
    loader.setWithCredentials(this.withCredentials);
    this.fetching.add(loader);
    return new Promise((resolve, reject) => loader.load(url, resolve, onProgress, reject)).finally(() =>
      this.fetching.delete(loader),
    );
  }

  // A file through the library and GLTFLoader into the result: `read(worker)` puts it into the worker (as its `read`
  // answers); `aborts`: abort() calls before.
  async open(read, path, name, options, aborts) {
    const stage = (s) => options.onStage?.(s);
    const goOn = () => {
      if (this.aborts !== aborts) throw new Error('the load was aborted');
    };
    goOn();
    const worker = this.pool.take(this.libraryFiles());
    this.opening.set(worker, (this.opening.get(worker) ?? 0) + 1);
    let handle = null;
    try {
      const { input, files: named } = await read(worker);
      const files = await neighbours(named, path, (url) => this.fetchBytes(url));
      goOn();
      const libraryOptions = Object.fromEntries(
        LIBRARY_OPTIONS.filter((k) => options[k] != null).map((k) => [k, options[k]]),
      );
      const opened = await worker.request('open', { input, name, files, options: libraryOptions }, [], stage);
      handle = opened.handle;
      goOn();
      return await this.present(worker, this.pool, name, opened, options, goOn);
    } catch (error) {
      release(worker, this.pool, handle);
      throw error;
    } finally {
      const loads = this.opening.get(worker) - 1;
      loads > 0 ? this.opening.set(worker, loads) : this.opening.delete(worker);
    }
  }

  // A recording the worker opened (its answer `opened`, with the .glb) as the result: three's scene and animation
  // and the InputAnimationRecording; checked when options.check asks. `goOn()` throws once the load is aborted.
  async present(worker, pool, name, opened, options, goOn) {
    options.onStage?.('drawing');
    const gltf = await this.parseGlb(opened.glb);
    goOn();
    const helpers = prepareScene(gltf, options.helpers, opened.profileTable.nodes);
    gltf.recording = new InputAnimationRecording(worker, pool, name, opened, gltf.scene, helpers);
    if (options.check) {
      options.onStage?.('checking');
      gltf.recording.check(nextFrameDrawn()).catch(() => {}); // its promise is recording.checked
    }
    return gltf;
  }

  // `recording` (one an InputAnimationLoader opened) with `edits` applied in order (as recording.edit() takes them),
  // opened beside it, in its worker, as a new recording named `name` (default: its stem and '-edited.bin'), with this
  // loader's options -> what loadAsync gives, and `messages`: the edit's notes. It is the MRTK binary recording that
  // recording.edit() writes, read again where it was written: what export('bin') saves is what is drawn. The
  // original stays open.
  async editAsync(recording, edits, { name, ...unknown } = {}) {
    if (!(recording instanceof InputAnimationRecording))
      throw new Error(`editAsync takes a recording an InputAnimationLoader opened, not ${describeValue(recording)}`);
    const request = checkedEdits(recording.name, edits);
    if (Object.keys(unknown).length)
      throw new Error(`${recording.name}: editAsync takes {name}, not '${Object.keys(unknown)[0]}'`);
    if (recording.disposed) throw new Error(`${recording.name}: the recording was disposed of`);
    const options = { ...this.options },
      edited = String(name ?? `${recording.name.replace(/\.[^./]*$/, '')}-edited.bin`);
    const { worker, pool } = recording;
    pool.hold(worker);
    let handle = null;
    try {
      const fields = { handle: recording.handle, edits: request, name: edited };
      const opened = await worker.request('editOpen', fields, [], (stage) => options.onStage?.(stage));
      handle = opened.handle;
      const gltf = await this.present(worker, pool, edited, opened, options, () => {});
      gltf.messages = opened.messages;
      return gltf;
    } catch (error) {
      release(worker, pool, handle);
      throw namedError(error, recording.name);
    }
  }

  // The library's .glb, given as its JSON and one buffer per buffer view, used where they are (not copied again).
  parseGlb({ json, views }) {
    const loader = new GLTFLoader(this.manager);
    loader.register(() => ({
      name: 'inputanim_buffer_views',
      loadBufferView: (index) => Promise.resolve(views[index]),
    }));
    return loader.parseAsync(json, '');
  }
}
