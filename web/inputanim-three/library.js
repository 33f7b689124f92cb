// The library in WebAssembly, run by workers (worker.js), shared by the recordings a loader opens: at most `limit`
// workers, each holding one or more open recordings (a recording's keys, and the library's heap, which grows to the
// largest it has held and stays).

// Same-origin scripts that start worker.js from another origin, by its address (kept: a few bytes each).
const bootstraps = new Map();

// The library's files beside this module, each named by a literal URL: bundlers (Vite, webpack 5, Rollup, Parcel)
// recognise `new URL('./file', import.meta.url)` and emit the file, and `new Worker(new URL(...))` as a worker.
export function packagedFiles() {
  return {
    worker: null,
    script: new URL('./inputanim.js', import.meta.url).href,
    wasm: new URL('./inputanim.wasm', import.meta.url).href,
  };
}

// The library's WebAssembly, compiled in the page once per address and handed to each worker (a module is shared,
// not copied), or null where it could not be (the worker then fetches and compiles it, and reports why not). The
// packaged one starts compiling as this module is imported, as three's MeshoptDecoder readies its module at import,
// so that a first load does not wait for it.
const compiledModules = new Map();
export function compiledModule(url) {
  if (!compiledModules.has(url)) {
    const compiling =
      typeof WebAssembly.compileStreaming !== 'function'
        ? Promise.resolve(null)
        : fetch(url, { credentials: 'same-origin' })
            .then((response) =>
              response.ok && /^application\/wasm/.test(response.headers.get('content-type') ?? '')
                ? WebAssembly.compileStreaming(response)
                : null,
            )
            .catch(() => null);
    compiledModules.set(url, compiling);
  }
  return compiledModules.get(url);
}
if (typeof window !== 'undefined' && typeof WebAssembly === 'object') compiledModule(packagedFiles().wasm);

// The library's files under `path` (setLibraryPath: a CDN or the app's own folder).
export function filesAt(path) {
  const base = new URL(path, location.href);
  return {
    worker: new URL('worker.js', base).href,
    script: new URL('inputanim.js', base).href,
    wasm: new URL('inputanim.wasm', base).href,
  };
}

// worker.js at `url`; browsers start workers from the page's origin only: from another (a CDN), a same-origin blob
// imports it. `url` null: the packaged worker, started as bundlers recognise it.
function spawn(url) {
  if (!url) {
    const packaged = new URL('./worker.js', import.meta.url);
    if (packaged.origin === location.origin) return new Worker(new URL('./worker.js', import.meta.url));
    url = packaged.href;
  }
  if (new URL(url).origin !== location.origin && !bootstraps.has(url)) {
    bootstraps.set(
      url,
      URL.createObjectURL(new Blob([`importScripts(${JSON.stringify(url)});`], { type: 'text/javascript' })),
    );
  }
  return new Worker(bootstraps.get(url) ?? url);
}

// Why a library file did not run, for a message: its address's HTTP status, or that an HTML page came back (a
// server's answer for a missing file, which single-page-app hosts send with 200); else `reason`.
async function diagnose(url, reason) {
  if (!url) return reason;
  try {
    const response = await fetch(url);
    if (!response.ok) return `${url} answered HTTP ${response.status}`;
    const text = (await response.text()).trimStart().slice(0, 1);
    return text === '<' ? `${url} answered with an HTML page, not the library's file` : `${url}: ${reason}`;
  } catch (error) {
    return `${url} could not be fetched (${error.message})`;
  }
}

const HINT =
  "are the package's worker.js, inputanim.js and inputanim.wasm served (a bundler emits them; else setLibraryPath)?";

// One worker running the library, answering requests by id; `files`: where its script and wasm are.
export class LibraryWorker {
  constructor(files) {
    this.pending = new Map();
    this.next = 1;
    this.failure = null;
    this.open = 0; // recordings held
    this.streams = 0; // files fetched into it so far (streamInto)
    this.worker = spawn(files.worker);
    this.worker.onmessage = ({ data }) => this.answer(data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      const html = /Unexpected token '<'/.test(event.message ?? '') ? ' (an HTML page came back in its place)' : '';
      this.failedToStart(
        files.worker,
        `the package's worker.js did not run${event.message ? `: ${event.message}${html}` : ''}`,
      );
    };
    // The worker loads its script meanwhile, and waits for the module (its own compile where the page has none).
    this.worker.postMessage({ id: 0, type: 'start', script: files.script, wasm: files.wasm });
    compiledModule(files.wasm).then((module) => this.worker?.postMessage({ id: 0, type: 'module', module }));
  }

  // The worker, or a library file it loads (`url`), did not run: it ends, and the requests wait for the reason.
  failedToStart(url, reason) {
    this.worker?.terminate();
    diagnose(url, reason).then((why) =>
      this.terminate(new Error(`the inputanim library could not start: ${why}; ${HINT}`)),
    );
  }

  answer(data) {
    if (data.type === 'unstarted') return this.failedToStart(data.url, data.message);
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

  // A message that is not answered (a piece of a file as it arrives).
  send(type, fields, transfer = []) {
    this.worker?.postMessage({ type, ...fields }, transfer);
  }

  // `transfer`: buffers the caller owns and gives up; anything else is copied.
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

// Workers for a loader's recordings: an idle one (preload's), else a new one while fewer than `limit` run, else the
// one holding fewest.
export class WorkerPool {
  constructor() {
    this.workers = [];
    this.limit = 4;
  }

  // A worker for the next recording, started if need be (preload()).
  spare(files) {
    this.workers = this.workers.filter((w) => w.worker);
    const idle = this.workers.find((w) => w.open === 0);
    if (idle) return idle;
    if (this.workers.length >= this.limit) return this.workers.reduce((a, b) => (b.open < a.open ? b : a));
    const worker = new LibraryWorker(files);
    this.workers.push(worker);
    return worker;
  }

  take(files) {
    const worker = this.spare(files);
    this.hold(worker);
    return worker;
  }

  // One more recording held by `worker` (one opened beside another there).
  hold(worker) {
    worker.open++;
  }

  // A recording (or a load) let go of its worker, which ends once it holds none.
  give(worker) {
    if (--worker.open > 0) return;
    worker.terminate();
    this.workers = this.workers.filter((w) => w !== worker);
  }

  // Ends the workers that hold no recording (a preloaded one).
  endIdle() {
    for (const worker of this.workers) if (worker.open === 0) worker.terminate(new Error('the loader was disposed of'));
    this.workers = this.workers.filter((w) => w.worker);
  }
}

// The file at `url` fetched into `worker` as it arrives, each piece handed over, not copied (the worker keeps the
// pieces until the library takes the file), so that neither the page nor the worker holds the whole file twice:
// as `read` answers. The request is FileLoader's: `headers`, `credentials`; `onProgress` gets its ProgressEvents;
// `signal` aborts it. A failure names the URL and the status, as FileLoader's does.
export async function streamInto(worker, url, { headers, credentials, signal, onProgress }) {
  const stream = ++worker.streams;
  try {
    const response = await fetch(new Request(url, { headers: new Headers(headers), credentials, signal }));
    if (response.status !== 200 && response.status !== 0)
      throw new Error(`fetch for "${response.url}" responded with ${response.status}: ${response.statusText}`);
    const total = Number(response.headers.get('Content-Length') || 0);
    const progress = (loaded) =>
      onProgress?.(new ProgressEvent('progress', { lengthComputable: total !== 0, loaded, total }));
    if (!response.body) {
      const bytes = await response.arrayBuffer();
      progress(bytes.byteLength);
      return await worker.request('read', { bytes }, [bytes]);
    }
    const reader = response.body.getReader();
    let loaded = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      const piece = part.value;
      const own = piece.byteOffset === 0 && piece.byteLength === piece.buffer.byteLength ? piece : piece.slice();
      loaded += piece.byteLength; // before the piece is handed over (its length is then 0)
      worker.send('piece', { stream, bytes: own.buffer, total }, [own.buffer]);
      progress(loaded);
    }
    return await worker.request('read', { stream });
  } catch (error) {
    worker.send('forget', { stream });
    throw error;
  }
}
