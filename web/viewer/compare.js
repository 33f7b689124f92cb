// Compare mode: a second recording (B) drawn over the open one (A) as a ghost (the same hands, translucent, in
// another colour) at A's time plus an offset (for a B that started later), and where the two differ as the
// library's diff finds them (the spans, worst moments and figures of `inputanim diff A B --offset`: recording.diff
// in A's worker).
import * as THREE from 'three';
import { InputAnimationLoader } from 'inputanim-three';
import { playRecording } from './view3d.js';

const $ = (id) => document.getElementById(id);
const GHOST = { color: new THREE.Color(0x9cf0a0), opacity: 0.4 };

// The ghost's look: every material of `root` a translucent copy in the ghost's colour, drawn after A's.
function ghostly(root) {
  root.traverse((object) => {
    if (!object.material) return;
    object.material = [object.material].flat().map((material) => {
      const copy = material.clone();
      copy.color?.copy(GHOST.color);
      copy.emissive?.copy(GHOST.color).multiplyScalar(0.25);
      return Object.assign(copy, { transparent: true, opacity: GHOST.opacity, depthWrite: false });
    });
    if (object.material.length === 1) object.material = object.material[0];
    object.renderOrder = 2;
  });
}

// "differs 0.44-5.58 s, max 20.96 mm, 43.7 deg" or "within tolerance"; with `window` (A's part compared, asked for),
// the range compared after it: "within tolerance over 1.00-4.00 s".
export function describeDiff(report, window = {}) {
  const over = window.start ?? window.end ?? null;
  const range = over === null ? '' : ` over ${report.start.toFixed(2)}-${report.end.toFixed(2)} s`;
  if (report.within) return `within tolerance${range}`;
  return differences(report) + range;
}

function differences(report) {
  const spans = report.differs.map(([a, b]) => (a === b ? `${a.toFixed(2)}` : `${a.toFixed(2)}-${b.toFixed(2)}`));
  return (
    `differs ${spans.slice(0, 3).join(', ')}${spans.length > 3 ? ` and ${spans.length - 3} more` : ''} s, ` +
    `max ${(report.maxPosition * 1000).toFixed(2)} mm, ${report.maxRotation.toFixed(2)} deg`
  );
}

// The worst moment ({time, pose}) of the span of the differences' band (timeline.js's differsBand) at `time`, or
// null (another band, or no span there). A click within 50 ms of a span counts: a short span is a pixel wide.
export function worstNear(band, time) {
  const span = band?.worst
    ? band.intervals.findIndex(([start, end]) => time >= start - 0.05 && time <= end + 0.05)
    : -1;
  return span < 0 ? null : band.worst[span];
}

// The offset's and the window's fields, shown while comparing.
const showControls = (on) => ['compare-offset-label', 'compare-window-label'].forEach((id) => ($(id).hidden = !on));

// `viewer`: { scene, a() (A's InputAnimationRecording or null), setBusy(text or null), showError(message),
// compared(report or null) (the diff, inputanim.diff/1, once known; null when B closes) }.
export class Compare {
  constructor(viewer) {
    this.viewer = viewer;
    this.loader = new InputAnimationLoader().setOptions({ check: false, helpers: false });
    this.other = null; // B's InputAnimationRecording
    this.mixer = null;
    this.report = null;
    this.offset = 0; // seconds: B is shown and compared at A's time plus this
    this.window = { start: null, end: null }; // A's seconds compared (null: where both recordings play)
    this.ticket = 0; // the latest open or comparison: an earlier one reports nothing
    $('compare-offset').addEventListener('change', (event) => this.setOffset(Number(event.target.value)));
    const typed = (id) => ($(id).value === '' ? null : Number($(id).value));
    for (const id of ['compare-start', 'compare-end'])
      $(id).addEventListener('change', () => this.setWindow(typed('compare-start'), typed('compare-end')));
  }

  get name() {
    return this.other?.name ?? null;
  }

  // Opens B from `bytes` (a promise of an ArrayBuffer) named `name`, draws it and compares it with A.
  async open(name, bytes) {
    this.close();
    const ticket = ++this.ticket,
      a = this.viewer.a();
    const current = () => ticket === this.ticket && this.viewer.a() === a;
    this.viewer.setBusy(`${name}: opening to compare ...`);
    try {
      const gltf = await this.loader.setOptions({ name }).parseAsync(await bytes, '');
      if (!current()) return gltf.recording.dispose();
      this.other = gltf.recording;
      ghostly(gltf.scene);
      this.viewer.scene.add(gltf.scene);
      this.mixer = playRecording(gltf).mixer;
      showControls(true);
      await this.compare(a, current);
    } catch (error) {
      if (current()) this.viewer.showError(error.message);
    }
  }

  // Compares A with B at the offset over the window; `current()`: whether this comparison is still the one asked for.
  async compare(a, current) {
    this.viewer.setBusy(`${this.other.name}: comparing with ${a.name} ...`);
    const report = await a.diff(this.other, { offset: this.offset, ...this.window });
    if (!current()) return;
    this.report = report;
    this.viewer.compared(report);
    this.viewer.setBusy(null);
  }

  // B `seconds` later than A (0: at the same time); compared again when B is open.
  setOffset(seconds) {
    this.offset = Number.isFinite(seconds) ? seconds : 0;
    $('compare-offset').value = String(this.offset);
    return this.recompare();
  }

  // Compares only A's `start` to `end` seconds (either null: from where, or to where, both recordings play), as
  // `inputanim diff --start --end`: for takes with more before or after them than the other. The library refuses
  // an end before the start, which the page shows.
  setWindow(start, end) {
    this.window = { start, end };
    $('compare-start').value = start ?? '';
    $('compare-end').value = end ?? '';
    return this.recompare();
  }

  // A and B compared again with the current offset and window, once B is open.
  async recompare() {
    if (!this.other) return;
    const ticket = ++this.ticket,
      a = this.viewer.a();
    try {
      await this.compare(a, () => ticket === this.ticket && this.viewer.a() === a);
    } catch (error) {
      if (ticket === this.ticket) this.viewer.showError(error.message);
    }
  }

  // B at A's time `time` (B's own time: `time` plus the offset).
  sync(time) {
    this.mixer?.setTime(Math.max(0, time + this.offset));
  }

  // B's namesake of A's joint `name` on the hand `side` ('left' or 'right') and whether B tracks that hand at `time`
  // (the loader's stateAt): {joint, tracked}, or null.
  counterpart(name, side, time) {
    const joint = this.other?.root?.getObjectByName(name);
    return joint ? { joint, tracked: this.other.stateAt(time + this.offset)[side].tracked } : null;
  }

  // Takes B out of the scene, off the GPU and out of its worker.
  close() {
    this.ticket++;
    if (!this.other) return;
    this.mixer.stopAllAction();
    this.mixer.uncacheRoot(this.other.root);
    this.other.dispose();
    Object.assign(this, { other: null, mixer: null, report: null });
    showControls(false);
    this.viewer.compared(null);
  }
}

// window.inputanimViewer.compare (docs/viewer.md): B's name and the figures and spans of `inputanim diff --json`.
export const compareSummary = (name, report) =>
  report && {
    name,
    within: report.within,
    maxPosition: report.maxPosition,
    maxRotation: report.maxRotation,
    spans: report.differs,
  };
