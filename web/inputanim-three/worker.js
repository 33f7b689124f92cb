// The library in WebAssembly (inputanim.js and inputanim.wasm, at the addresses its first message gives), off the
// page's thread, holding the recordings the loader opens in it until they are closed.
// Requests: {id, type, ...}; answers: {id, type: 'progress', stage} while opening, then {id, type: 'result', result}
// or {id, type: 'error', message, fatal} (fatal: the library did not start, or trapped, and this worker is of no use).
//   start   {script, wasm}: the library's addresses (the first message; answered only by a failure to start,
//           {id: 0, type: 'unstarted', url: the file that did not load, or null, message})
//   read    {bytes: ArrayBuffer} or {stream}: the file, whole or as the pieces sent before it, kept for `open` ->
//           {input: its number, files: [{uri, path}]: the files its buffers name beside it, when it is a .gltf (the
//           library reads its JSON, off the page's thread)}
//   piece   {stream, bytes: ArrayBuffer, total: the file's size as its server gave it, or 0}: the next piece of a
//           file as it arrives, kept for `read`; not answered
//   forget  {stream}: the pieces of a file that did not arrive whole are dropped; not answered
//   open    {input, name, files: [{path, bytes}], options}: the file read, with its neighbours (a .gltf's buffers)
//           beside it -> {handle, info, profile (findings), profileTable (inputanim.profile/1), glb: {json, views}}
//           (see takeGlb)
//   close   {handle}: the recording's memory is the library's again
//   and on an open recording, by its handle: check -> findings;  sample {request} -> frames (inputanim.sample/1);
//           export {format: 'glb' | 'bin', compress} -> {parts: [ArrayBuffer], format, messages, duration};  edit {edits}
//           -> the same, a .bin with the edits applied (a job: bindings.cpp's inputanim_run);  editOpen {edits, name} -> the
//           edited recording opened beside it in this worker, as `open` answers, with the edit's format and messages;
//           diff {other: a handle, or input and name: a file read; options: what readDiffOptions reads; anything but
//           an object is refused there} -> inputanim.diff/1
//   version -> the library's version, once it is ready
//   a take recorded through WebXR (recorder.js): takeBegin {options} -> {layout} (bindings.cpp's inputanim_take_begin);
//           takeFrames {frames: ArrayBuffer of float64, layout.frameValues per frame} -> {frames, skipped};
//           takeMarker {time, name};  takeFinish {name} -> the take as a .bin, as `export` answers
/* global createInputanim */
const INPUT_FOLDER = '/input';
let module = null;

// A call into the library with text and number arguments: its JSON answer, or an Error with the library's message.
function call(name, ...args) {
  const pointers = args.map((arg) => {
    if (typeof arg === 'number') return null;
    const size = module.lengthBytesUTF8(arg) + 1,
      pointer = module._malloc(size);
    module.stringToUTF8(arg, pointer, size);
    return pointer;
  });
  try {
    const answer = JSON.parse(
      module.UTF8ToString(module[`_inputanim_${name}`](...args.map((arg, i) => pointers[i] ?? arg))),
    );
    if (!answer.ok) throw new Error(answer.error);
    return answer;
  } finally {
    pointers.forEach((pointer) => pointer !== null && module._free(pointer));
  }
}

// Part of the library's output, copied out of its memory into a buffer the page can own.
function outputPart(part) {
  const start = module._inputanim_output_data(part);
  return module.HEAPU8.slice(start, start + module._inputanim_output_size(part)).buffer;
}

// The library's .glb as three.js can use it without copying: its JSON (parsed; `at`: the JSON text's offset and
// length in part 0, as the library answered), and each buffer view's bytes as a buffer of its own (given the whole
// .glb, three.js copies its binary chunk, then each view out of that copy: twice 51 MB for a 600 s recording, on the
// page's thread).
function takeGlb([jsonOffset, jsonLength]) {
  const json = JSON.parse(new TextDecoder().decode(new Uint8Array(outputPart(0), jsonOffset, jsonLength)));
  const start = module._inputanim_output_data(1),
    length = module._inputanim_output_size(1);
  const views = (json.bufferViews ?? []).map((view, i) => {
    const from = start + (view.byteOffset ?? 0),
      to = from + view.byteLength;
    if (view.buffer !== 0 || to > start + length)
      throw new Error(`internal: buffer view ${i} of the library's .glb is outside its buffer`);
    return module.HEAPU8.slice(from, to).buffer;
  });
  module._inputanim_release_output();
  return { json, views };
}

// The other files (a .gltf's buffers) go into the library's folder for the input, where it looks them up.
function placeBesideInput(files) {
  const fs = module.FS;
  if (!fs.analyzePath(INPUT_FOLDER).exists) fs.mkdir(INPUT_FOLDER);
  fs.chdir(INPUT_FOLDER); // the input is named as the user knows it, and its buffers are found beside it
  for (const { path, bytes } of files) {
    const folders = path.split('/').slice(0, -1);
    for (let i = 1; i <= folders.length; i++) {
      const folder = `${INPUT_FOLDER}/${folders.slice(0, i).join('/')}`;
      if (!fs.analyzePath(folder).exists) fs.mkdir(folder);
    }
    fs.writeFile(`${INPUT_FOLDER}/${path}`, new Uint8Array(bytes));
  }
}

// Files arriving in pieces (`piece`), by stream number, until `read` takes them: {pieces, warmed: whether the
// library's memory was readied for it}.
const streams = new Map();

// At most this much of the library's memory is readied ahead of a file (warmUp).
const WARM_LIMIT = 768 << 20;

// A file of known size copied into the library's input buffer as it arrives, while nothing else uses that buffer:
// {stream, input (once read), pointer, size, filled}. Its pieces are kept too, for when something else needs the
// buffer before it is opened, or more or fewer bytes arrive than it said.
let direct = null;

function keepPiece({ stream, bytes, total }) {
  if (!streams.has(stream)) streams.set(stream, { pieces: [], warmed: false });
  const kept = streams.get(stream),
    piece = new Uint8Array(bytes);
  kept.pieces.push(piece);
  if (module && total > 0 && !kept.warmed) {
    kept.warmed = true;
    warmUp(total);
    if (!direct && total <= WARM_LIMIT) beginDirect(stream, total);
  } else if (direct?.stream === stream) fill(piece);
}

function beginDirect(stream, size) {
  const pointer = module._inputanim_input_buffer(size);
  if (!pointer) return;
  direct = { stream, input: null, pointer, size, filled: 0 };
  for (const piece of streams.get(stream).pieces) fill(piece);
}

function fill(piece) {
  if (direct.filled + piece.byteLength > direct.size) return (direct = null);
  module.HEAPU8.set(piece, direct.pointer + direct.filled);
  direct.filled += piece.byteLength;
}

// The library's memory grown and touched, while a file of `total` bytes is still arriving, to what opening and
// drawing it take (its bytes, the .glb and the work between: about 2.4 times the file, at most WARM_LIMIT), then
// given back to its allocator: growing memory and first touching it are then not waited for.
function warmUp(total) {
  const bytes = Math.min(Math.ceil(total * 2.4), WARM_LIMIT);
  if (module.HEAPU8.length >= bytes) return;
  const pointer = module._malloc(bytes);
  if (!pointer) return;
  for (let at = pointer; at < pointer + bytes; at += 4096) module.HEAPU8[at] = 0; // a byte a page: each is mapped
  module._free(pointer);
}

// Files read and not yet opened, by number, each as its pieces: a worker opens one recording at a time, however
// many loads share it.
const inputs = new Map();
let lastInput = 0;

const sizeOf = (pieces) => pieces.reduce((sum, piece) => sum + piece.byteLength, 0);

// `pieces` copied one after another to `pointer` in the library's memory.
function copyInto(pointer, pieces) {
  for (const piece of pieces) (module.HEAPU8.set(piece, pointer), (pointer += piece.byteLength));
}

// The file kept for `open`; for a .gltf, the files its buffers name beside it (the library's answer: {uri, path}).
function read({ bytes, stream }) {
  const pieces = stream === undefined ? [new Uint8Array(bytes)] : (streams.get(stream)?.pieces ?? []);
  streams.delete(stream);
  inputs.set(++lastInput, pieces);
  if (direct && direct.stream === stream) direct.input = lastInput;
  const head = pieces.find((piece) => piece.byteLength > 0)?.subarray(0, 64) ?? new Uint8Array();
  const first = head.find((b) => ![0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf].includes(b)); // after spaces and a BOM
  if (first !== 0x7b) return [{ input: lastInput, files: [] }]; // not JSON text (a .bin, a GLB): not copied to ask
  const size = sizeOf(pieces),
    pointer = module._malloc(size);
  if (!pointer) throw new Error(`not enough memory for ${size} bytes`);
  try {
    copyInto(pointer, pieces);
    return [{ input: lastInput, files: call('buffer_files', pointer, size).files }];
  } finally {
    module._free(pointer);
  }
}

// The file into the library's input buffer, which the library keeps (a recording's keys are read where they are):
// there already when it was copied as it arrived.
function place(input) {
  const pieces = inputs.get(input);
  inputs.delete(input);
  if (!pieces) throw new Error('internal: the file was not read before it was opened');
  const size = sizeOf(pieces);
  const there = direct?.input === input && direct.filled === size && direct.size === size;
  direct = null;
  if (there) return;
  const pointer = module._inputanim_input_buffer(size);
  if (!pointer && size) throw new Error(`not enough memory for ${size} bytes`);
  copyInto(pointer, pieces);
}

let profileTable = null; // the library's glTF profile (inputanim.profile/1), asked for once

function open({ id, input, name, files, options }) {
  const progress = (stage) => postMessage({ id, type: 'progress', stage });
  placeBesideInput(files);
  place(input);
  progress('decoding');
  return drawn(call('open', name, JSON.stringify(options)), progress);
}

// The recording just opened (the library's answer, `opened`) as the .glb three.js draws: the answer with the
// profile table and the .glb (see takeGlb), and its buffer views to transfer. It is closed again if that fails.
function drawn({ ok, ...opened }, progress) {
  progress('converting');
  let at;
  try {
    at = call('draw_glb').json;
  } catch (error) {
    module._inputanim_close(opened.handle);
    throw error;
  }
  const glb = takeGlb(at);
  profileTable ??= call('profile').table;
  return [{ ...opened, profileTable, glb }, glb.views];
}

// The selected recording with `edits` applied, opened beside it as `name` and drawn, as `open` answers (with the
// edit's format, messages and duration): what Save writes, without leaving the worker.
function editOpen({ id, edits, name }) {
  const opened = call('run_open', JSON.stringify(job('bin', edits)), String(name));
  return drawn(opened, (stage) => postMessage({ id, type: 'progress', stage }));
}

// The job (inputanim.job/1, docs/cli.md) that writes the selected recording in `format` ('glb', 'bin', 'iwer'), with
// `edits` applied, a .glb compressed by the method named `compress` and a capture at `rate` frames per second (null:
// the recording's key times), into the library's memory.
function job(format, edits = [], compress = 'none', rate = null) {
  return { input: '-', output: '-', to: format, edits, gltf: { compress }, iwer: { rate } };
}

// JSON text of `value`; a number that JSON cannot hold (NaN, Infinity) goes as text, which the library refuses by the
// option's name.
const jsonOf = (value) =>
  JSON.stringify(value, (key, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));

// The file the job writes, as the library ran it (bindings.cpp's inputanim_run).
function exportFile(format, edits, compress, rate) {
  return takeOutput(call('run', jsonOf(job(format, edits, compress, rate))));
}

// The library's output (its parts, copied out of its memory, which it then releases) with what `answer` says of
// it, and `extra` fields; the parts again, to transfer.
function takeOutput(answer, extra = {}) {
  const parts = [0, 1, 2].map(outputPart).filter((part) => part.byteLength > 0);
  module._inputanim_release_output();
  const { format, messages, duration } = answer;
  return [{ parts, format, messages, duration, ...extra }, parts];
}

// The open recording `handle` as the one the library acts on.
function select(handle) {
  if (!JSON.parse(module.UTF8ToString(module._inputanim_select(Number(handle)))).ok)
    throw new Error('the recording was closed');
}

// inputanim.diff/1 of the recording `handle` (selected) and `other` (a handle in this worker) or, without it, the file
// `input` (read), opened for this and closed again. `options`: what the library's readDiffOptions reads (see jsonOf).
function diff({ handle, other, input, name, options }) {
  let opened = null;
  if (other === undefined) {
    place(input);
    opened = call('open', String(name), '{}').handle;
    select(handle);
  }
  try {
    const text = jsonOf(options) ?? 'null';
    return [call('diff', Number(other ?? opened), text).diff];
  } finally {
    if (opened !== null) module._inputanim_close(opened);
  }
}

// Requests on an open recording: the library acts on the one selected.
const onRecording = {
  check: () => [call('check').findings],
  sample: ({ request }) => [call('sample', JSON.stringify(request)).frames],
  export: ({ format, compress, rate }) => exportFile(format, undefined, compress ?? 'none', rate ?? null),
  edit: ({ edits }) => exportFile('bin', edits),
  editOpen,
  diff,
};

let takeLayout = null; // the layout of the take begun

function takeFrames({ frames }) {
  const values = new Float64Array(frames),
    count = Math.floor(values.length / takeLayout.frameValues);
  const pointer = module._inputanim_take_buffer(count);
  if (!pointer && count) throw new Error(`not enough memory for ${count} frames`);
  module.HEAPF64.set(values.subarray(0, count * takeLayout.frameValues), pointer / 8);
  const { frames: total, skipped } = call('take_frames');
  return [{ frames: total, skipped, heap: module.HEAPU8.length }];
}

function takeFinish({ name }) {
  return takeOutput(call('take_finish', String(name)), { heap: module.HEAPU8.length });
}

const handlers = {
  read,
  open,
  takeBegin: ({ options }) => [(takeLayout = call('take_begin', JSON.stringify(options ?? {})).layout)],
  takeFrames,
  takeMarker: ({ time, name }) => [call('take_marker', Number(time), String(name)) && null],
  takeFinish,
  close: ({ handle }) => [module._inputanim_close(handle)],
  version: () => [module.UTF8ToString(module._inputanim_version())],
  readyCode: () => [call('warm_up') && null], // preload(): the library's code readied (inputanim_warm_up)
};

// A library file that did not load, and at what address: the page finds out why (library.js's diagnose).
class Unloaded extends Error {
  constructor(url, reason) {
    super(reason);
    this.url = url;
  }
}

// The library's WebAssembly, compiled while the page goes on (streaming where the server says application/wasm).
async function compiled(url) {
  const response = await fetch(url).catch((error) => {
    throw new Unloaded(url, error.message);
  });
  if (!response.ok) throw new Unloaded(url, `HTTP ${response.status}`);
  if (/^application\/wasm/.test(response.headers.get('content-type') ?? ''))
    return WebAssembly.compileStreaming(response);
  const bytes = await response.arrayBuffer();
  const magic = new Uint8Array(bytes, 0, Math.min(4, bytes.byteLength));
  if (magic.join() !== '0,97,115,109') throw new Unloaded(url, 'this is not WebAssembly');
  return WebAssembly.compile(bytes);
}

// The module the page compiled, which follows the start (null where it has none: compiled here then).
let moduleArrived = null;
const moduleFromPage = new Promise((resolve) => (moduleArrived = resolve));

async function start({ script, wasm }) {
  const compiling = moduleFromPage.then((module) => module ?? compiled(wasm));
  compiling.catch(() => {}); // reported below, once the script is in
  try {
    importScripts(script);
  } catch (error) {
    throw new Unloaded(script, error.message);
  }
  const wasmModule = await compiling;
  module = await createInputanim({
    instantiateWasm: (imports, receive) => {
      WebAssembly.instantiate(wasmModule, imports).then((instance) => receive(instance, wasmModule));
      return {};
    },
  });
}

let ready = null;

onmessage = async ({ data }) => {
  if (data.type === 'piece') return keepPiece(data); // kept as they come, before the library is ready too
  if (data.type === 'forget') {
    if (direct?.stream === data.stream) direct = null;
    return streams.delete(data.stream);
  }
  if (data.type === 'module') return moduleArrived(data.module);
  if (data.type === 'start') {
    ready = start(data);
    ready.catch((error) => postMessage({ id: 0, type: 'unstarted', url: error.url ?? null, message: error.message }));
    return;
  }
  try {
    await ready;
    if (data.type !== 'read' && data.type !== 'open') direct = null; // the library may use its input buffer
    if (onRecording[data.type]) select(data.handle);
    const [result, transfer = []] = (onRecording[data.type] ?? handlers[data.type])(data);
    postMessage({ id: data.id, type: 'result', result }, transfer);
  } catch (error) {
    // A WebAssembly trap (out of memory, an abort) leaves the module unusable, as does a library that did not start.
    const fatal = error instanceof WebAssembly.RuntimeError || !(error instanceof Error) || !module;
    postMessage({ id: data.id, type: 'error', message: error instanceof Error ? error.message : String(error), fatal });
  }
};
