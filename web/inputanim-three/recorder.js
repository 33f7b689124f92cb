// InputAnimationRecorder: records an MRTK input animation through WebXR hand tracking, on any headset whose browser
// has it. Each frame's viewer pose and each hand's 25 joints go to the library (in a worker) as they come; the
// library maps them to MRTK's joints, decides pinching, reduces the curves and writes the .bin (ia::WebXrTake):
// nothing of that is decided here. docs/recording.md walks a person through it.
import { filesAt, LibraryWorker, packagedFiles } from './library.js';

const BATCH = 45; // frames per message to the worker: half a second at 90 Hz
const MODES = ['immersive-ar', 'immersive-vr']; // the user's room where the headset shows it

// The immersive modes this browser offers (with hand tracking where it says so), preferred first.
export async function recordingModes(xr = globalThis.navigator?.xr) {
  if (!xr) return [];
  const offered = await Promise.all(MODES.map((mode) => xr.isSessionSupported(mode).catch(() => false)));
  return MODES.filter((_, i) => offered[i]);
}

export class InputAnimationRecorder extends EventTarget {
  // `libraryPath`: as the loader's setLibraryPath (default: the package's files); `countdown`: seconds before the take
  // begins; `positionTolerance` (metres) and `rotationTolerance` (degrees): the reduction's (the library's defaults).
  constructor({ libraryPath = null, countdown = 3, positionTolerance, rotationTolerance } = {}) {
    super();
    this.files = libraryPath ? filesAt(libraryPath) : packagedFiles();
    this.countdown = Math.max(0, Number(countdown) || 0);
    this.options = Object.fromEntries(
      Object.entries({ positionTolerance, rotationTolerance }).filter(([, v]) => v !== undefined),
    );
    this.state = 'idle'; // 'starting', 'countdown', 'recording', 'finishing', then 'idle' again
    this.elapsed = 0; // seconds recorded
    this.markers = 0;
    this.heapBytes = 0; // the library's memory in its worker, as it last said
    this.layout = null; // where a frame's numbers lie (the library's answer to takeBegin)
    this.cancelled = false; // stop() came while start() was still entering the session
  }

  // Begins: enters a session of `mode` (default: the first of recordingModes() that grants it) with hand tracking,
  // or records `session`, a session the app has (which it keeps). The reference space is `local-floor` where granted,
  // else `local`. Resolves once the countdown runs; `stop()` (or the session's end) gives the take.
  async start({ session = null, mode = null, referenceSpace = null } = {}) {
    if (this.state !== 'idle') throw new Error('the recorder is already recording');
    this.state = 'starting';
    try {
      this.worker = new LibraryWorker(this.files);
      this.layout = await this.worker.request('takeBegin', { options: this.options });
      this.ownSession = !session;
      this.session = session ?? (await this.requestSession(mode));
      this.space = referenceSpace ?? (await this.referenceSpace(this.session));
      giveLayer(this.session);
      if (this.cancelled) throw new Error('the take was stopped before it began');
    } catch (error) {
      this.cancelled = false;
      this.end();
      throw error;
    }
    this.batch = new Float64Array(BATCH * this.layout.frameValues);
    this.inBatch = 0;
    this.begin = null;
    this.elapsed = 0;
    this.markers = 0;
    this.pendingMarkers = 0;
    this.frames = 0;
    this.failure = null;
    this.finished = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
    this.finished.catch(() => {});
    this.onEnd = () => this.stop().catch(() => {});
    this.onGesture = (event) => this.gestureMarker(event);
    this.session.addEventListener('end', this.onEnd);
    this.session.addEventListener('squeezestart', this.onGesture);
    this.session.addEventListener('selectstart', this.onGesture);
    this.state = 'countdown';
    this.loop = (time, frame) => this.onFrame(time, frame);
    this.frameRequest = this.session.requestAnimationFrame(this.loop);
  }

  async requestSession(mode) {
    const xr = globalThis.navigator?.xr;
    if (!xr) throw new Error('this browser has no WebXR (navigator.xr): open the page in a headset browser over HTTPS');
    const modes = mode ? [mode] : await recordingModes(xr);
    if (!modes.length) throw new Error('this browser offers no immersive session');
    let refusal = null;
    for (const m of modes) {
      try {
        return await xr.requestSession(m, { requiredFeatures: ['hand-tracking'], optionalFeatures: ['local-floor'] });
      } catch (error) {
        refusal ??= error; // hand tracking may be granted in one mode and not the other: try the next
      }
    }
    throw new Error(`the browser refused an immersive session with hand tracking (${refusal.message})`);
  }

  async referenceSpace(session) {
    try {
      return await session.requestReferenceSpace('local-floor');
    } catch {
      return session.requestReferenceSpace('local');
    }
  }

  onFrame(time, frame) {
    if (this.state !== 'countdown' && this.state !== 'recording') return;
    this.frameRequest = this.session.requestAnimationFrame(this.loop);
    this.frames++;
    const viewer = frame.getViewerPose(this.space);
    if (!viewer) return; // the headset lost its own tracking: no frame
    this.begin ??= time + this.countdown * 1000;
    if (time < this.begin) {
      this.dispatchEvent(new CustomEvent('countdown', { detail: { seconds: (this.begin - time) / 1000 } }));
      return;
    }
    if (this.state === 'countdown') {
      this.state = 'recording';
      this.dispatchEvent(new Event('start'));
    }
    this.elapsed = (time - this.begin) / 1000;
    for (; this.pendingMarkers > 0; this.pendingMarkers--) this.marker();
    const values = this.write(frame, viewer);
    this.dispatchEvent(new CustomEvent('tick', { detail: { seconds: this.elapsed, values } }));
  }

  // The frame's numbers in the library's layout (ia::takeFrameFrom): time, viewer pose, then per hand its presence and
  // joints. A hand is present while its XRHand is there and every joint has a pose. Returns them (valid until the
  // next frame).
  write(frame, viewer) {
    const values = this.batch.subarray(
      this.inBatch * this.layout.frameValues,
      (this.inBatch + 1) * this.layout.frameValues,
    );
    values[0] = this.elapsed;
    putPose(values, this.layout.viewer, viewer.transform);
    for (const [side, handedness] of ['left', 'right'].entries()) {
      const at = this.layout.hands[side];
      const source = [...this.session.inputSources].find((s) => s.hand && s.handedness === handedness);
      values[at] = 0;
      if (!source) continue;
      let all = true;
      this.layout.joints.forEach((name, j) => {
        const space = source.hand.get(name);
        const pose = all && space ? frame.getJointPose(space, this.space) : null;
        if (pose) putPose(values, at + 1 + j * 7, pose.transform);
        else all = false;
      });
      values[at] = all ? 1 : 0;
    }
    if (++this.inBatch === BATCH) this.flush();
    return values;
  }

  flush() {
    if (!this.inBatch) return;
    const frames = this.batch.slice(0, this.inBatch * this.layout.frameValues).buffer;
    this.inBatch = 0;
    this.worker
      .request('takeFrames', { frames }, [frames])
      .then(({ heap }) => (this.heapBytes = heap))
      .catch((error) => (this.failure ??= error));
  }

  // A marker at the take's current time, named `name` (default "marker N"); none before the take begins.
  marker(name = null) {
    if (this.state !== 'recording') return false;
    this.markers++;
    const label = name ?? `marker ${this.markers}`;
    this.worker.request('takeMarker', { time: this.elapsed, name: label }).catch((error) => (this.failure ??= error));
    this.dispatchEvent(new CustomEvent('marker', { detail: { name: label, seconds: this.elapsed } }));
    return true;
  }

  // A controller's trigger or either squeeze drops a marker; a hand's select is its pinch, which is recorded instead.
  // A runtime fires input events before the callbacks of the frame they belong to: the marker takes that frame's time.
  gestureMarker(event) {
    if (event.type === 'selectstart' && event.inputSource?.hand) return;
    if (this.state === 'recording') this.pendingMarkers++;
  }

  // Ends the take: {bytes (ArrayBuffer: the .bin), name, format, duration, frames, skipped, messages}. A session the
  // recorder entered ends too.
  async stop() {
    if (this.state === 'idle') return this.finished ?? Promise.reject(new Error('the recorder is not recording'));
    if (this.state === 'starting') {
      this.cancelled = true; // start() ends what it began and rejects
      throw new Error('the take was stopped before it began');
    }
    if (this.state === 'finishing') return this.finished;
    const recorded = this.state === 'recording';
    this.state = 'finishing';
    this.session.cancelAnimationFrame?.(this.frameRequest);
    try {
      if (!recorded && !this.frames)
        throw new Error('the session ran no frames (a WebXR session runs none without a layer): nothing was recorded');
      if (!recorded) throw new Error('the take ended before its countdown did: nothing was recorded');
      this.flush();
      const name = `take-${new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}.bin`;
      const take = await this.worker.request('takeFinish', { name });
      if (this.failure) throw this.failure;
      this.heapBytes = take.heap;
      const { format, duration, messages } = take;
      this.settle.resolve({ bytes: take.parts[0], name, format, duration, messages });
    } catch (error) {
      this.settle.reject(this.failure ?? error);
    }
    this.end();
    this.finished.then(
      (take) => this.dispatchEvent(new CustomEvent('take', { detail: take })),
      (error) => this.dispatchEvent(new CustomEvent('error', { detail: error })),
    );
    return this.finished;
  }

  end() {
    const session = this.session;
    session?.removeEventListener('end', this.onEnd);
    session?.removeEventListener('squeezestart', this.onGesture);
    session?.removeEventListener('selectstart', this.onGesture);
    if (session && this.ownSession) session.end().catch(() => {});
    this.session = null;
    this.worker?.terminate();
    this.worker = null;
    this.state = 'idle';
  }
}

// A session runs no frames without a layer to draw into (the WebXR Device API: Chromium and IWER skip such sessions):
// a recorder alone on its session gives it a layer of its own, 1 x 1 pixels, which nothing draws into. A session whose
// app sets its own layer later keeps that one. Where no layer can be made here, the app's may still come: stop() says
// when no frame did.
function giveLayer(session) {
  const state = session.renderState;
  if (state.baseLayer || state.layers?.length) return;
  try {
    session.updateRenderState({ baseLayer: smallLayer(session) });
  } catch {
    /* no WebGL, or a runtime that refuses the layer: the app's, if any */
  }
}

function smallLayer(session) {
  // A page's canvas where there is a page: emulators (IWER) style the layer's canvas as an element.
  const canvas =
    typeof document === 'object'
      ? Object.assign(document.createElement('canvas'), { width: 1, height: 1 })
      : new OffscreenCanvas(1, 1);
  const gl = canvas.getContext('webgl2', { xrCompatible: true }) ?? canvas.getContext('webgl', { xrCompatible: true });
  if (!gl) throw new Error('this browser gives no WebGL context for the session to run frames with');
  return new XRWebGLLayer(session, gl); // made XR-compatible with the context (makeXRCompatible may wait for a device)
}

function putPose(values, at, transform) {
  const { position: p, orientation: q } = transform;
  values.set([p.x, p.y, p.z, q.x, q.y, q.z, q.w], at);
}
