// The page's side of worker.js (the library in WebAssembly): one file at a time; opening another abandons the one
// still converting (its worker goes, a new one starts). Messages are worker.js's, handed to `onMessage`.
export const STAGES = { reading: 'reading', decoding: 'decoding', converting: 'converting to glTF', drawing: 'drawing', checking: 'checking' };

export class LibraryClient {
  // onMessage(message): every message of worker.js; onFailure(text): the worker could not run at all.
  constructor(onMessage, onFailure) {
    this.onMessage = onMessage;
    this.onFailure = onFailure;
    this.worker = null;
    this.busy = false;  // a file is being opened
    this.start();
  }

  start() {
    this.worker = new Worker('worker.js');
    this.worker.onmessage = ({ data }) => {
      if (data.type === 'done' || data.type === 'error') this.busy = false;
      if (data.type === 'error' && data.fatal) this.stop();
      this.onMessage(data);
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.stop();
      this.onFailure(`The WebAssembly library could not run: ${event.message || 'worker.js or inputanim.wasm failed to load'}`);
    };
  }

  stop() {
    this.worker?.terminate();
    this.worker = null;
    this.busy = false;
  }

  // files: File objects; main: the index of the one to open (a .gltf with the files it names beside it).
  open(files, main) {
    if (this.worker && this.busy) this.stop();
    if (!this.worker) this.start();
    this.busy = true;
    this.worker.postMessage({ type: 'open', files, main });
  }

  // The open file in the other format, answered by a 'converted' message; false when no worker runs.
  convert() {
    if (!this.worker) return false;
    this.worker.postMessage({ type: 'convert' });
    return true;
  }
}
