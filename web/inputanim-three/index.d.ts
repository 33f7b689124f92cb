// The public API of inputanim-three (index.js). Coordinates are the scene's (glTF: metres, +Y up, right-handed)
// unless `coordinates: 'unity'` asks for MRTK's.
import { AnimationClip, Camera, Group, Line, LineSegments, Loader, LoadingManager, Object3D } from 'three';
import { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';

export type Side = 'left' | 'right';
export type Stage = 'reading' | 'decoding' | 'converting' | 'drawing' | 'checking';
type Finger = 'Index' | 'Middle' | 'Ring' | 'Pinky';
/** MRTK's 27 hand joints. */
export type Joint =
  | 'None'
  | 'Wrist'
  | 'Palm'
  | 'ThumbMetacarpalJoint'
  | 'ThumbProximalJoint'
  | 'ThumbDistalJoint'
  | 'ThumbTip'
  | `${Finger}${'Metacarpal' | 'Knuckle' | 'MiddleJoint' | 'DistalJoint' | 'Tip'}`;
export type Section = 'camera' | 'left' | 'right' | 'gaze';
/** What `select` takes, as `inputanim sample --select`: a section, or one hand's joint. */
export type Selection = Section | `${Side}.${Joint}`;

export interface InputAnimationLoaderOptions {
  /** glTF input: the animation to read, by name or index (default: InputAnimation, else the first). */
  animation?: string | number | null;
  /** glTF input: the side of a one-handed rig, whatever its names or shape say. */
  side?: Side | null;
  /** glTF input: the node map (the JSON object `inputanim --map` reads, docs/cli.md). */
  map?: Record<string, unknown> | null;
  /** glTF input: seconds a single pose is held (default 1). */
  hold?: number | null;
  /** Read a header-less mid-2019 prerelease recording. */
  prerelease2019?: boolean;
  /** An archive whose buffer is not the one it recorded: read as it is (a warning), not refused. */
  acceptDamaged?: boolean;
  /** Run the checker once the page has drawn its next frame after the hand-over (default true): `recording.checked`. */
  check?: boolean;
  /** Add a gaze ray and a head frustum to the scene (default true). */
  helpers?: boolean;
  /** What messages call a buffer given to parse() (default "input"). */
  name?: string | null;
  /** Called as each stage of a load starts. */
  onStage?: ((stage: Stage) => void) | null;
}

export type Interval = [start: number, end: number];

export interface Finding {
  severity: 'error' | 'warning' | 'note';
  code: string;
  message: string;
  curve?: string | null;
  key?: number | null;
  pointer?: string;
  /** The file it is about (what export() and edit() say). */
  file?: string;
}

export interface HandState {
  tracked: boolean;
  pinching: boolean;
}

export interface JointPose {
  /** Metres. */
  position: [number, number, number];
  /** x, y, z, w; null where MRTK plays all four components as 0. */
  rotation: [number, number, number, number] | null;
  tracked: boolean;
  pinching: boolean;
}

export interface SampleOptions {
  /** As `inputanim sample --select`: camera, left, right, gaze, left.IndexTip, ... (default all). */
  select?: Selection[];
  coordinates?: 'gltf' | 'unity';
}

export type Vec3 = [number, number, number];
export type Quat = [number, number, number, number];
export interface Pose {
  position: Vec3;
  rotation: Quat | null;
}
export interface HandFrame extends HandState {
  joints: Partial<Record<Joint, Pose>>;
}
/** A frame of inputanim.sample/1 (docs/cli.md): the sections selected. */
export interface SampleFrame {
  time: number;
  camera?: Pose;
  left?: HandFrame;
  right?: HandFrame;
  gaze?: { origin: Vec3; direction: Vec3 };
}

/** A file the recording was written as: `export()` and `edit()`. */
export interface Written {
  blob: Blob;
  format: string;
  messages: Finding[];
  duration: number;
}

/** Times are seconds or a marker's name. */
export type Edit =
  | { trim: { start?: number | string; end?: number | string; keepTime?: boolean } }
  | { shift: number }
  | { retime: number }
  | { duration: number }
  | { mirror: true }
  | { markers: { add?: { time: number; name: string }[]; remove?: string[]; rename?: [string, string][] } };

/** inputanim.profile/1 (docs/gltf-profile.md, "The profile table"). */
export interface ProfileTable {
  schema: 'inputanim.profile/1';
  nodes: {
    animation: string;
    camera: string;
    cameraView: string;
    gaze: string;
    gazeDirection: string;
    hands: { Left: string; Right: string };
    handPrefix: string;
    pinchingSuffix: string;
    meshSuffix: string;
  };
  joints: Joint[];
  states: { path: 'scale'; interpolation: 'STEP'; on: number; off: number; onAbove: number };
  inputKinds: { binary: string; glb: string; gltf: string };
  options: Record<string, { least?: number; most?: number; default?: number; unit?: string } | number>;
  /** Metres above the floor of a standing user's eyes. */
  eyeHeight: number;
  /** What each format version holds: `{"1.0": {eyeGaze: false}, "1.1": {eyeGaze: true}}`. */
  formats: Record<string, { eyeGaze: boolean }>;
}

/** A span where two recordings differ: [start, end] seconds. */
export type Span = [number, number];
/** A span's worst moment: when `pose` ("left.IndexTip", "camera", "gaze.Origin") is `excess` tolerances apart. */
export interface WorstMoment {
  time: number;
  pose: string;
  excess: number;
}
/** Where a GLB written by inputanim came from (its KHR_xmp_json_ld packet). */
export interface Provenance {
  sourceName: string;
  sourceBytes: number;
  sourceSha256: string;
  sourceFormat: string;
  tool: string;
  date: string;
}
/** inputanim.info/1, as `inputanim info --json` prints it (docs/cli.md). */
export interface RecordingInfo {
  schema: 'inputanim.info/1';
  file: string;
  format: { version: '1.0' | '1.1'; layout: 'compact' | 'full' };
  flags: { hasCameraPose: boolean; hasHandData: boolean; hasEyeGaze: boolean };
  /** Seconds MRTK plays. */
  duration: number;
  keyTimes: { start: number; end: number };
  curves: number;
  keys: number;
  sections: Record<
    'camera' | 'booleans' | 'left' | 'right' | 'gaze',
    { present: boolean; curves: number; curvesWithKeys: number; keys: number }
  >;
  tracked: Record<Side, Interval[]>;
  pinching: Record<Side, Interval[]>;
  markers: { time: number; name: string }[];
  findings: Finding[];
  /** What was read: for glTF input also its animations, the one read (its index), extensions and notes. */
  input: {
    kind: 'MRTK binary' | 'GLB' | 'glTF JSON';
    ownFile?: boolean;
    animations?: { name: string; channels: number; duration: number }[];
    animation?: number | null;
    extensionsUsed?: string[];
    provenance?: Provenance;
    notes?: string[];
  };
}
/** What `diff()` compares, as `inputanim diff`'s options; each may be null for its default. */
export interface DiffOptions {
  /** A's first and last time compared, seconds (`--start`, `--end`; default: the range both recordings cover). */
  start?: number | null;
  end?: number | null;
  /** B is compared at A's time plus this many seconds (`--offset`; default 0). */
  offset?: number | null;
  /** Samples per second (`--rate`; default 120). */
  rate?: number | null;
  /** Metres, degrees and seconds (`--pos-tolerance`, `--rot-tolerance`, `--switch-tolerance`). */
  positionTolerance?: number | null;
  rotationTolerance?: number | null;
  switchTolerance?: number | null;
}

/** inputanim.diff/1, as `inputanim diff A B --json` prints it (docs/cli.md). */
export interface DiffReport {
  schema: 'inputanim.diff/1';
  a: string;
  b: string;
  rate: number;
  start: number;
  end: number;
  /** Seconds B was compared later than A (every time of the report is A's). */
  offset: number;
  within: boolean;
  tolerances: { position: number; rotation: number; switch: number };
  maxPosition: number;
  maxRotation: number;
  maxSwitchShift: number;
  onlyInA: string[];
  onlyInB: string[];
  differs: Span[];
  /** The worst moment of each span of `differs`, in its order. */
  worst: WorstMoment[];
  poses: {
    name: string;
    samples: number;
    maxPosition: number;
    meanPosition: number;
    maxRotation: number;
    meanRotation: number;
    differs: Span[];
    worst: WorstMoment[];
  }[];
  booleans: { name: string; switchesA: number[]; switchesB: number[]; maxShift: number; countsDiffer: boolean }[];
}

export class InputAnimationRecording {
  /** The file's name, as messages say it. */
  readonly name: string;
  /** inputanim.info/1, as `inputanim info --json` prints it. */
  readonly info: RecordingInfo;
  /** "MRTK 1.1 compact", "GLB", "glTF JSON". */
  readonly format: string;
  /** Seconds MRTK plays. */
  readonly duration: number;
  /** The sections holding keys. */
  readonly sections: Section[];
  readonly markers: { time: number; name: string }[];
  /** Where each hand is tracked: [start, end) seconds, the last closed at `duration`. */
  readonly tracked: { left: Interval[]; right: Interval[] };
  readonly pinching: { left: Interval[]; right: Interval[] };
  /** The checker's findings; null until checked. */
  findings: Finding[] | null;
  /** The checker's findings once it has run (the loader's `check` option, or check()); null until asked for. */
  readonly checked: Promise<Finding[]> | null;
  /** Whether dispose() was called. */
  readonly disposed: boolean;
  /** The glTF profile's findings on a glTF input. */
  readonly profile: Finding[];
  /** The library's glTF profile (inputanim.profile/1, `inputanim profile`): node and joint names, state encoding. */
  readonly profileTable: ProfileTable;
  /** Whether the file is an MRTK binary recording (not a glTF). */
  readonly binary: boolean;
  /** What the loader added to the scene, or null when `helpers` was false. */
  readonly helpers: { gazeRay: Line | null; headFrustum: LineSegments | null } | null;

  stateAt(time: number): { left: HandState; right: HandState };
  jointPose(side: Side, joint: Joint, time: number, options?: { coordinates?: 'gltf' | 'unity' }): Promise<JointPose>;
  /** Frames of inputanim.sample/1 (`inputanim sample --format json`). */
  sample(times: Iterable<number>, options?: SampleOptions): Promise<SampleFrame[]>;
  check(): Promise<Finding[]>;
  /** The file `inputanim convert` writes; `compress: 'meshopt'`: a .glb compressed as `convert --compress meshopt`. */
  export(format: 'glb', options?: { compress?: 'none' | 'meshopt' }): Promise<Written>;
  export(format: 'bin'): Promise<Written>;
  /** An IWER capture (docs/testing-webxr.md); `rate`: frames per second (default: the recording's key times). */
  export(format: 'iwer', options?: { rate?: number }): Promise<Written>;
  /** The recording with the edits applied in order, as the MRTK .bin the CLI's edit verbs write; it stays open unedited. */
  edit(edits: Edit[]): Promise<Written>;
  /** How far this recording (A) and `other` (B) are apart as MRTK plays them, as `inputanim diff A B --json`. */
  diff(other: InputAnimationRecording, options?: DiffOptions): Promise<DiffReport>;
  /** Closes the recording in its worker and frees the scene's GPU resources; the scene leaves its parent. Again: nothing. */
  dispose(): void;
  /**
   * Holds the recording for one user (a React effect): returns the function that lets go. Once all have let go and
   * none has taken it again by the next task, it is disposed of and `onDisposed` is called (clear a cache there).
   */
  retain(onDisposed?: (recording: InputAnimationRecording) => void): () => void;
}

export interface InputAnimationGLTF extends GLTF {
  scene: Group;
  animations: AnimationClip[];
  cameras: Camera[];
  recording: InputAnimationRecording;
}

export class InputAnimationLoader extends Loader<InputAnimationGLTF> {
  constructor(manager?: LoadingManager);
  options: Required<InputAnimationLoaderOptions>;
  setOptions(options: InputAnimationLoaderOptions): this;
  /** Where worker.js, inputanim.js and inputanim.wasm are (default: beside index.js), on any origin allowing CORS. */
  setLibraryPath(path: string | null): this;
  /** Recordings open at once in a worker each, at most (default 4); beyond it they share the least busy worker. */
  setWorkerLimit(limit: number): this;
  /** Starts the library ahead of the next load and readies its code (call it as the app starts, not just before a load). */
  preload(): this;
  libraryVersion(): Promise<string>;
  load(
    url: string,
    onLoad: (gltf: InputAnimationGLTF) => void,
    onProgress?: (event: ProgressEvent) => void,
    onError?: (error: Error) => void,
  ): void;
  /** `data` is copied (the caller keeps it); a string is a .gltf's text. */
  parse(
    data: ArrayBuffer | ArrayBufferView | string,
    path: string,
    onLoad: (gltf: InputAnimationGLTF) => void,
    onError?: (error: Error) => void,
  ): void;
  parseAsync(data: ArrayBuffer | ArrayBufferView | string, path: string): Promise<InputAnimationGLTF>;
  /**
   * `recording` with `edits` applied, opened beside it in its worker as a new recording (default name: its stem and
   * '-edited.bin'): its .bin is the bytes `recording.edit(edits)` writes; the original stays open.
   */
  editAsync(
    recording: InputAnimationRecording,
    edits: Edit[],
    options?: { name?: string },
  ): Promise<InputAnimationGLTF & { messages: Finding[] }>;
  /** Stops the loads in progress; their onError is called. */
  abort(): this;
  /** Stops the loads in progress and ends idle workers; recordings handed out stay open until their dispose(). */
  dispose(): void;
}

export function disposeTree(root: Object3D): void;
export const SIDES: readonly Side[];

/** A take recorded through WebXR: the .bin the library wrote (MRTK 1.1 compact) and what it says of it. */
export interface RecordedTake {
  bytes: ArrayBuffer;
  /** take-YYYYMMDD-HHMMSS.bin */
  name: string;
  format: string;
  /** Seconds, as MRTK plays it. */
  duration: number;
  messages: Finding[];
}

export interface InputAnimationRecorderOptions {
  /** As InputAnimationLoader.setLibraryPath; default: the package's own files. */
  libraryPath?: string | null;
  /** Seconds between start() and the take's first frame (default 3). */
  countdown?: number;
  /** Metres and degrees for the key reduction (default: the library's, those of the glTF export). */
  positionTolerance?: number;
  rotationTolerance?: number;
}

export type RecorderState = 'idle' | 'starting' | 'countdown' | 'recording' | 'finishing';

/** The immersive modes this browser offers, preferred first ('immersive-ar', then 'immersive-vr'). */
export function recordingModes(xr?: XRSystem): Promise<XRSessionMode[]>;

/**
 * Records an MRTK input animation through WebXR hand tracking. Events: 'countdown' (detail.seconds left), 'start',
 * 'tick' (each frame: detail.seconds recorded, detail.values the frame as the library reads it, laid out as `layout`
 * says: each pose is a position and a quaternion, 7 numbers),
 * 'marker' (detail.name, detail.seconds), 'take' (detail: RecordedTake), 'error'.
 */
export class InputAnimationRecorder extends EventTarget {
  constructor(options?: InputAnimationRecorderOptions);
  readonly state: RecorderState;
  /** Seconds recorded so far. */
  readonly elapsed: number;
  /** Where a frame's numbers lie (the library's layout), once start() has begun the take. */
  readonly layout: {
    frameValues: number;
    viewer: number;
    /** Where each hand's presence (1 or 0) lies, left then right; its joints' poses follow, in `joints` order. */
    hands: [number, number];
    joints: string[];
    pinch: { enter: number; exit: number };
  } | null;
  /** The library's memory in the recorder's worker, bytes, as it last said. */
  readonly heapBytes: number;
  /** Enters a session with hand tracking (or records the app's own `session`, which it keeps). */
  start(options?: { session?: XRSession; mode?: XRSessionMode; referenceSpace?: XRReferenceSpace }): Promise<void>;
  /** A marker now (default name "marker N"); false before the take begins. */
  marker(name?: string): boolean;
  /** Ends the take (and a session the recorder entered). */
  stop(): Promise<RecordedTake>;
}
