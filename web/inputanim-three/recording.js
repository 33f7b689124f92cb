// InputAnimationRecording: a recording InputAnimationLoader opened, kept open in a worker of the library until
// dispose(); and disposeTree, which frees a scene's GPU resources.

export const SIDES = ['left', 'right'];

// Where a state holds true: intervals [start, end) in seconds, the last one closed at the recording's end.
function holdsAt(intervals, time, duration) {
  return intervals.some(([start, end]) => time >= start && (time < end || (end === duration && time <= end)));
}

export class InputAnimationRecording {
  // `worker`: the library's worker holding it as `opened.handle`; `pool`: where the worker goes back on dispose().
  constructor(worker, pool, name, opened, root, helpers) {
    const info = opened.info;
    this.name = name;
    this.info = info; // inputanim.info/1 (docs/cli.md); its findings are those of check()
    // The library's glTF profile (inputanim.profile/1, docs/gltf-profile.md): its node and joint names, state encoding
    // and input kinds, for pages that look for the profile's nodes in `root`.
    this.profileTable = opened.profileTable;
    this.binary = info.input.kind === this.profileTable.inputKinds.binary; // an MRTK binary recording (not a glTF)
    this.format = this.binary ? `MRTK ${info.format.version} ${info.format.layout}` : info.input.kind;
    this.duration = info.duration;
    this.sections = ['camera', 'left', 'right', 'gaze'].filter(
      (s) => info.sections[s]?.present && info.sections[s].keys > 0,
    );
    this.markers = info.markers.map((m) => ({ time: Number(m.time), name: String(m.name) }));
    this.tracked = { left: info.tracked.left, right: info.tracked.right };
    this.pinching = { left: info.pinching.left, right: info.pinching.right };
    this.findings = null; // the checker's, once checked
    this.profile = opened.profile; // the glTF profile's findings on a glTF input
    this.helpers = helpers; // { gazeRay, headFrustum }: what the loader added to the scene, or null
    this.worker = worker;
    this.pool = pool;
    this.handle = opened.handle;
    this.root = root;
    this.disposed = false;
    this.holders = 0;
    this.checked = null; // the checker's findings, as a promise, once asked for (the loader's check option, check())
  }

  // Tracked and pinching per hand at `time` (seconds, clamped to the recording), as MRTK plays them.
  stateAt(time) {
    const t = Math.min(Math.max(Number(time), 0), this.duration);
    const state = (side) => ({
      tracked: holdsAt(this.tracked[side], t, this.duration),
      pinching: holdsAt(this.pinching[side], t, this.duration),
    });
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

  // The checker's findings (docs/cli.md), also kept in `findings` and `info.findings`; `checked` is this promise.
  // `begin`: a promise the checker waits for (the loader's: the page's next frame), else it begins at once.
  check(begin = null) {
    this.checked ??= (begin ?? Promise.resolve())
      .then(() => this.ask('check'))
      .then((findings) => {
        this.findings = this.info.findings = findings;
        return findings;
      });
    return this.checked;
  }

  // The recording as a file: 'glb' (inputanim's profile, as `inputanim convert` writes it), 'bin' (an MRTK binary
  // recording MRTK loads) or 'iwer' (an IWER capture, as `convert REC.json` writes it) -> {blob, format, messages}.
  // Options: {compress} (a .glb: one of the profile table's `options.compress`, as `convert --compress`), {rate} (a
  // capture's frames per second, as `convert --rate`; default: the recording's key times). The library checks them.
  async export(format, options = {}) {
    const TYPES = { glb: 'model/gltf-binary', bin: 'application/octet-stream', iwer: 'application/json' };
    if (!TYPES[format]) throw new Error(`${this.name}: export writes 'glb', 'bin' or 'iwer', not ${format}`);
    const unknown = Object.keys(options ?? {}).find((key) => key !== 'compress' && key !== 'rate');
    if (unknown !== undefined) throw new Error(`${this.name}: export takes {compress, rate}, not '${unknown}'`);
    const { parts, ...rest } = await this.ask('export', { format, compress: options?.compress, rate: options?.rate });
    return { blob: new Blob(parts, { type: TYPES[format] }), ...rest };
  }

  // The recording with `edits` applied in order, as an MRTK binary recording (the bytes `inputanim trim`, `shift`,
  // `retime`, `mirror` and `markers` write) -> {blob, format, messages, duration}; the open recording is unchanged.
  // Edits: {trim: {start, end, keepTime}} (seconds or marker names), {shift: seconds}, {retime: speed},
  // {duration: seconds}, {mirror: true}, {markers: {add: [{time, name}], remove: [names], rename: [[old, new]]}}.
  async edit(edits) {
    const { parts, ...rest } = await this.ask('edit', { edits: checkedEdits(this.name, edits) });
    return { blob: new Blob(parts, { type: 'application/octet-stream' }), ...rest };
  }

  // How far this recording (A) and `other` (B, a recording the loader opened) are apart as MRTK plays them, as
  // `inputanim diff A B --json` reports it (inputanim.diff/1, docs/cli.md): where they differ and each span's worst
  // moment and pose, per pose and per state. `options` (the library reads and checks them, refusing others by name):
  // `start` and `end` (A's seconds; default: the range both cover), `offset` (B is compared at A's time plus this
  // many seconds), `rate` (Hz) and `positionTolerance` (m), `rotationTolerance` (degrees), `switchTolerance` (s), as
  // `diff --start --end --offset --rate --pos-tolerance --rot-tolerance --switch-tolerance` take them. A `other` held
  // by another worker is read there as its MRTK binary (export('bin')).
  async diff(other, options = {}) {
    if (!(other instanceof InputAnimationRecording))
      throw new Error(`${this.name}: diff takes a recording the loader opened, not ${describeValue(other)}`);
    if (other.disposed) throw new Error(`${other.name}: the recording was disposed of`);
    if (other.worker === this.worker) return this.ask('diff', { other: other.handle, options });
    const bytes = await (await other.export('bin')).blob.arrayBuffer();
    const { input } = await this.worker.request('read', { bytes }, [bytes]);
    return this.ask('diff', { input, name: other.name, options });
  }

  // A request to the worker about this recording; its errors name the file.
  ask(type, fields = {}) {
    if (this.disposed) return Promise.reject(new Error(`${this.name}: the recording was disposed of`));
    return this.worker.request(type, { handle: this.handle, ...fields }).catch((error) => {
      throw error.message.startsWith(this.name) ? error : new Error(`${this.name}: ${error.message}`);
    });
  }

  // Closes the recording in its worker (which ends once it holds no recording) and frees the geometries,
  // materials, textures and skeletons of the scene, which leaves its parent. Stop or uncache your AnimationMixer's
  // actions on it first. Calling it again does nothing.
  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    this.worker.request('close', { handle: this.handle }).catch(() => {});
    this.pool.give(this.worker);
    for (const onDisposed of this.onDisposed ?? []) onDisposed(this);
    if (!this.root) return;
    this.root.removeFromParent();
    disposeTree(this.root);
    this.root = null;
  }

  // Holds the recording open for a user of it (a React effect, say) -> a function that lets it go. Once every
  // holder has let go, and none has taken it again by the next task (React StrictMode's second mount), the
  // recording is disposed of and `onDisposed(recording)` is called (clear a cache that hands it out there).
  retain(onDisposed = null) {
    this.holders++;
    if (onDisposed) (this.onDisposed ??= new Set()).add(onDisposed);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      if (--this.holders > 0) return;
      setTimeout(() => {
        if (this.holders === 0) this.dispose();
      }, 0);
    };
  }
}

// `error` as an Error whose message starts with the file's name.
export function namedError(error, name) {
  const message = error instanceof Error ? error.message : String(error?.message ?? error);
  return error instanceof Error && message.startsWith(name) ? error : new Error(`${name}: ${message}`);
}

// `edits` as the worker takes them (a copy of the array; the library reads each edit), or an Error naming `name`.
export function checkedEdits(name, edits) {
  if (Array.isArray(edits)) return [...edits];
  throw new Error(
    `${name}: edit takes an array of edits, such as [{trim: {start: 1, end: 2}}, {retime: 2}], not ${describeValue(edits)}`,
  );
}

// A value as a message names it: its type, or null.
export function describeValue(value) {
  return value === null
    ? 'null'
    : typeof value === 'object'
      ? 'an object'
      : `the ${typeof value} ${String(value).slice(0, 40)}`;
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
