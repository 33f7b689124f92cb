// The timeline under the view: a band per hand state (tracked, pinching) and the markers, drawn once per file,
// and the cursor at the current time drawn over them.
const BAND_COLOURS = { tracked: ['#5b9be6', '#e6995b'], pinching: '#ff5a48', marker: '#f2f2f2', differs: '#9cf0a0' };

// The bands of a recording's summary (info --json): tracked and pinching intervals per hand.
export function bandsOf(info) {
  if (!info.flags.hasHandData) return [];
  return [
    { label: 'L tracked', colour: BAND_COLOURS.tracked[0], intervals: info.tracked.left },
    { label: 'L pinch', colour: BAND_COLOURS.pinching, intervals: info.pinching.left },
    { label: 'R tracked', colour: BAND_COLOURS.tracked[1], intervals: info.tracked.right },
    { label: 'R pinch', colour: BAND_COLOURS.pinching, intervals: info.pinching.right },
  ];
}

// The band of where two recordings differ (a diff report, inputanim.diff/1): its spans, each with its worst moment.
export function differsBand(report) {
  return { label: 'A \u2260 B', colour: BAND_COLOURS.differs, intervals: report.differs, worst: report.worst };
}

// The recording's frame: the median spacing of the keys of its densest track (MRTK records one key per frame).
export function frameStepOf(clip) {
  const track = clip?.tracks.reduce((best, t) => (t.times.length > (best?.times.length ?? 0) ? t : best), null);
  if (!track || track.times.length < 3) return 1 / 60;
  const gaps = [];
  const stride = Math.max(1, Math.floor(track.times.length / 2000));
  for (let k = stride; k < track.times.length; k += stride)
    gaps.push((track.times[k] - track.times[k - stride]) / stride);
  gaps.sort((a, b) => a - b);
  const median = gaps[gaps.length >> 1];
  return median > 1e-4 && median < 0.5 ? median : 1 / 60;
}

// Where any band's state switches: its intervals' ends, in time order.
export const switchTimes = (bands) =>
  [...new Set(bands.flatMap((band) => band.intervals.flat()))].sort((a, b) => a - b);

// The loop range around `now`: between the markers ({time}) or the ends on either side of it.
export function loopAround(markers, now, duration) {
  const times = [0, ...markers.map((m) => m.time), duration];
  return [Math.max(...times.filter((t) => t <= now)), Math.min(...times.filter((t) => t > now), duration)];
}

// The first of `times` after `now` (direction 1) or the last before it (-1); `now` when there is none.
export function nextTime(times, now, direction) {
  const after = times.filter((t) => (direction > 0 ? t > now + 1e-6 : t < now - 1e-6));
  return after.length ? (direction > 0 ? Math.min(...after) : Math.max(...after)) : now;
}

export class Timeline {
  // `pick(time, band)`: called with the time and the band (or null: the markers' row) under a click or a tap;
  // `range([start, end])`: with the times a drag went across (a mouse or a finger), in order. `markerList`: a
  // <select> that lists the markers, each choice's value its time.
  constructor(canvas, pick, range, markerList) {
    this.canvas = canvas;
    this.markerList = markerList;
    this.image = null;
    this.bands = [];
    this.markers = [];
    this.duration = 0;
    const timeAt = (event) => {
      const rect = canvas.getBoundingClientRect();
      return Math.min(Math.max((event.clientX - rect.left) / rect.width, 0), 1) * this.duration;
    };
    let down = null; // where the pointer went down: {x, time}
    let dragged = null; // while a drag lasts: [from, to] in seconds
    canvas.addEventListener('pointerdown', (event) => {
      if (this.duration <= 0) return;
      canvas.setPointerCapture(event.pointerId);
      down = { x: event.clientX, time: timeAt(event) };
    });
    canvas.addEventListener('pointermove', (event) => {
      if (!down || (!dragged && Math.abs(event.clientX - down.x) < 5)) return;
      dragged = [down.time, timeAt(event)];
      range(dragged.slice().sort((a, b) => a - b));
    });
    canvas.addEventListener('pointerup', (event) => {
      if (!down) return;
      if (!dragged) {
        const rect = canvas.getBoundingClientRect();
        const { markerRow, rowHeight } = this.rows(rect.height);
        pick(timeAt(event), this.bands[Math.floor((event.clientY - rect.top - markerRow) / rowHeight)] ?? null);
      }
      down = dragged = null;
    });
    canvas.addEventListener('pointercancel', () => (down = dragged = null));
  }

  rows(height) {
    const markerRow = 14;
    return { markerRow, rowHeight: (height - markerRow) / Math.max(1, this.bands.length) };
  }

  // What to draw: bands (bandsOf), markers ({time, name}) and the recording's duration in seconds.
  set(bands, markers, duration) {
    Object.assign(this, { bands, markers, duration });
    const heading = new Option(markers.length ? `markers (${markers.length})` : 'no markers', '');
    const choices = markers.map((m) => new Option(`${m.time.toFixed(3)} s  ${m.name}`, String(m.time)));
    this.markerList.replaceChildren(heading, ...choices);
    this.markerList.disabled = !markers.length;
    this.draw();
  }

  draw() {
    const canvas = this.canvas,
      ratio = window.devicePixelRatio;
    const width = canvas.clientWidth,
      height = canvas.clientHeight;
    canvas.width = width * ratio;
    canvas.height = height * ratio;
    const g = canvas.getContext('2d');
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, width, height);
    const { markerRow, rowHeight } = this.rows(height);
    const x = (t) => (this.duration > 0 ? (t / this.duration) * width : 0);
    this.bands.forEach((band, row) => {
      const top = markerRow + row * rowHeight;
      g.fillStyle = '#2f343c';
      g.fillRect(0, top + 1, width, rowHeight - 2);
      g.fillStyle = band.colour;
      for (const [start, end] of band.intervals)
        g.fillRect(x(start), top + 1, Math.max(1, x(end) - x(start)), rowHeight - 2);
      g.fillStyle = '#f0f0f0';
      g.font = '9px sans-serif';
      g.fillText(band.label, 3, top + rowHeight - 3);
    });
    g.font = '10px sans-serif';
    for (const m of this.markers) {
      g.fillStyle = BAND_COLOURS.marker;
      g.fillRect(x(m.time), 2, 1, height - 2);
      g.fillText(m.name, x(m.time) + 3, 10);
    }
    this.image = g.getImageData(0, 0, canvas.width, canvas.height);
  }

  // The cursor at `time`, over the loop range [start, end] (seconds) when there is one.
  drawCursor(time, loop = null) {
    if (!this.image) return;
    const g = this.canvas.getContext('2d');
    g.putImageData(this.image, 0, 0);
    const at = (t) => (this.duration > 0 ? (t / this.duration) * this.canvas.width : 0);
    const x = at(time);
    g.setTransform(1, 0, 0, 1, 0, 0);
    if (loop) {
      g.fillStyle = 'rgba(255, 255, 255, 0.12)';
      g.fillRect(at(loop[0]), 0, Math.max(1, at(loop[1]) - at(loop[0])), this.canvas.height);
    }
    g.fillStyle = '#ffffff';
    g.fillRect(Math.round(x) - 1, 0, 2, this.canvas.height);
    g.setTransform(window.devicePixelRatio, 0, 0, window.devicePixelRatio, 0, 0);
  }
}
