// Save what you see: a PNG of the view at the playhead, and a WebM clip of the loop range (or of the whole
// recording) played once at 1x and recorded from the view's canvas (MediaRecorder). Each is named after the file
// and its time: take-4.467s.png, take-0.900-2.100s.webm.
import { saveAs, stem } from './download.js';

const $ = (id) => document.getElementById(id);
const CLIP_TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'];

// `page`: { canvas (the view's), name(), time(), range() ([start, end] to record), seek(time), setPlaying(on),
// speed(), setSpeed(factor), renderNow(), showError(message) }.
export class Capture {
  constructor(page) {
    this.page = page;
    this.recorder = null;
    $('save-picture').addEventListener('click', () => this.picture());
    $('save-clip').addEventListener('click', () => (this.recorder ? this.stop() : this.clip()));
  }

  picture() {
    this.page.renderNow(); // the canvas is copied as toBlob is called, before this task ends
    const name = `${stem(this.page.name())}-${this.page.time().toFixed(3)}s.png`;
    this.page.canvas.toBlob((blob) => saveAs(blob, name), 'image/png');
  }

  clip() {
    const type = CLIP_TYPES.find((t) => window.MediaRecorder?.isTypeSupported(t));
    if (!type) return this.page.showError('This browser cannot record the view (MediaRecorder with WebM).');
    const [start, end] = this.page.range();
    const stream = this.page.canvas.captureStream(30);
    const chunks = [];
    const recorder = (this.recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 4e6 }));
    recorder.addEventListener('dataavailable', (event) => event.data.size && chunks.push(event.data));
    recorder.addEventListener('stop', () => {
      for (const track of stream.getTracks()) track.stop();
      this.recorder = null;
      $('save-clip').textContent = 'Save clip';
      const name = `${stem(this.page.name())}-${start.toFixed(3)}-${end.toFixed(3)}s.webm`;
      saveAs(new Blob(chunks, { type: 'video/webm' }), name);
    });
    $('save-clip').textContent = 'Stop clip';
    this.playOnce(start, end);
    recorder.start(250);
  }

  // Plays [start, end] at 1x until the page's loop goes back to its start (or past the end), then stops there.
  playOnce(start, end) {
    const page = this.page;
    const speed = page.speed();
    page.setSpeed(1);
    page.seek(start);
    page.setPlaying(true);
    let last = start;
    const watch = () => {
      if (!this.recorder) return page.setSpeed(speed);
      const now = page.time();
      if (now >= last && now < end) {
        last = now;
        return requestAnimationFrame(watch);
      }
      page.setPlaying(false);
      page.seek(end);
      page.renderNow();
      page.setSpeed(speed);
      setTimeout(() => this.stop(), 100); // the last frame reaches the stream
    };
    requestAnimationFrame(watch);
  }

  // Ends a clip being recorded; it is saved as far as it got.
  stop() {
    if (this.recorder?.state === 'recording') this.recorder.stop();
  }
}
