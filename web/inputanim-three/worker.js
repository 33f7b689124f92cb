// The library in WebAssembly (inputanim.js and inputanim.wasm beside this file), off the page's thread: one
// recording per worker, kept open so that it can be sampled, checked and exported after it is drawn.
// Requests: {id, type, ...}; answers: {id, type: 'progress', stage} while opening, then {id, type: 'result', result}
// or {id, type: 'error', message, fatal} (fatal: the module trapped and this worker is of no further use).
//   read    {bytes: ArrayBuffer}: the file into the library's input -> {uris: the files its buffers name, when it is
//           a .gltf (its JSON parsed here, off the page's thread)}
//   open    {name, files: [{path, bytes}], options}: the file read, with its neighbours (a .gltf's buffers) beside it
//           -> {info, profile, glb: {json, views}} (see takeGlb)
//   check   -> findings;  sample {request} -> frames (inputanim.sample/1);  export {format: 'glb' | 'bin'} ->
//           {parts: [ArrayBuffer], format, messages};  edit {edits} -> the same, a .bin with the edits applied
//           (bindings.cpp's applyEdit), and its duration;  version -> the library's version, once it is ready
/* global createInputanim */
// Where the library's files are: beside this file, or where the loader says when it started this worker from
// another origin (a blob that sets inputanimBase, then imports this file).
const base = self.inputanimBase ?? self.location.href;
importScripts(new URL('inputanim.js', base).href);

const INPUT_FOLDER = '/input';
let module = null;

// A call into the library: its JSON answer, or an Error with the library's message.
function call(name, ...strings) {
  const pointers = strings.map((text) => {
    const size = module.lengthBytesUTF8(text) + 1, pointer = module._malloc(size);
    module.stringToUTF8(text, pointer, size);
    return pointer;
  });
  try {
    const answer = JSON.parse(module.UTF8ToString(module[`_inputanim_${name}`](...pointers)));
    if (!answer.ok) throw new Error(answer.error);
    return answer;
  } finally { pointers.forEach((pointer) => module._free(pointer)); }
}

// Part of the library's output, copied out of its memory into a buffer the page can own.
function outputPart(part) {
  const start = module._inputanim_output_data(part);
  return module.HEAPU8.slice(start, start + module._inputanim_output_size(part)).buffer;
}

// The library's .glb as three.js can use it without copying: its JSON (parsed), and each buffer view's bytes as a
// buffer of its own (given the whole .glb, three.js copies its binary chunk, then each view out of that copy: twice
// 51 MB for a 600 s recording, on the page's thread).
function takeGlb() {
  const head = outputPart(0);
  const jsonLength = new DataView(head).getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(new Uint8Array(head, 20, jsonLength)));
  const start = module._inputanim_output_data(1), length = module._inputanim_output_size(1);
  const views = (json.bufferViews ?? []).map((view, i) => {
    const from = start + (view.byteOffset ?? 0), to = from + view.byteLength;
    if (view.buffer !== 0 || to > start + length) throw new Error(`internal: buffer view ${i} of the library's .glb is outside its buffer`);
    return module.HEAPU8.slice(from, to).buffer;
  });
  module._inputanim_release_output();
  return { json, views };
}

// The other files (a .gltf's buffers) go into the library's folder for the input, where it looks them up.
function placeBesideInput(files) {
  const fs = module.FS;
  if (!fs.analyzePath(INPUT_FOLDER).exists) fs.mkdir(INPUT_FOLDER);
  fs.chdir(INPUT_FOLDER);  // the input is named as the user knows it, and its buffers are found beside it
  for (const { path, bytes } of files) {
    const folders = path.split('/').slice(0, -1);
    for (let i = 1; i <= folders.length; i++) {
      const folder = `${INPUT_FOLDER}/${folders.slice(0, i).join('/')}`;
      if (!fs.analyzePath(folder).exists) fs.mkdir(folder);
    }
    fs.writeFile(`${INPUT_FOLDER}/${path}`, new Uint8Array(bytes));
  }
}

// The file into the library's input buffer, which the library keeps (a recording's keys are read where they are);
// for a .gltf, the URIs of the files its buffers name (data: URIs excepted).
function read({ bytes }) {
  const pointer = module._inputanim_input_buffer(bytes.byteLength);
  if (!pointer && bytes.byteLength) throw new Error(`not enough memory for ${bytes.byteLength} bytes`);
  const input = new Uint8Array(bytes);
  module.HEAPU8.set(input, pointer);
  const first = input.subarray(0, 64).find((b) => ![0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf].includes(b));  // after spaces and a BOM
  if (first !== 0x7b) return [{ uris: [] }];  // not JSON text: not a .gltf
  let json = null;
  try { json = JSON.parse(new TextDecoder().decode(input)); } catch { /* the library reports the error with its place */ }
  const uris = (Array.isArray(json?.buffers) ? json.buffers : []).map((b) => b?.uri).filter((uri) => typeof uri === 'string' && !/^data:/i.test(uri));
  return [{ uris: [...new Set(uris)] }];
}

function open({ id, name, files, options }) {
  const progress = (stage) => postMessage({ id, type: 'progress', stage });
  placeBesideInput(files);
  progress('decoding');
  const opened = call('open', name, JSON.stringify(options));
  progress('converting');
  call('export_glb');
  const glb = takeGlb();
  return [{ info: opened.info, profile: opened.profile, glb }, glb.views];
}

// The file in `format` ('glb', 'bin'), or with `edits` applied (a .bin).
function exportFile(format, edits) {
  const answer = edits ? call('edit', JSON.stringify({ edits })) : call(format === 'bin' ? 'export_binary' : 'export_glb');
  const parts = [0, 1, 2].map(outputPart).filter((part) => part.byteLength > 0);
  module._inputanim_release_output();
  return [{ parts, format: answer.format ?? 'glTF 2.0 binary', messages: answer.messages ?? [], duration: answer.duration }, parts];
}

const handlers = {
  read,
  open,
  check: () => [call('check').findings],
  sample: ({ request }) => [call('sample', JSON.stringify(request)).frames],
  export: ({ format }) => exportFile(format),
  edit: ({ edits }) => exportFile('bin', edits),
  version: () => [module.UTF8ToString(module._inputanim_version())],
};

const ready = createInputanim({ locateFile: (path) => new URL(path, base).href }).then((instance) => { module = instance; });

onmessage = async ({ data }) => {
  try {
    await ready;
    const [result, transfer = []] = handlers[data.type](data);
    postMessage({ id: data.id, type: 'result', result }, transfer);
  } catch (error) {
    // A WebAssembly trap (out of memory, an abort) leaves the module unusable.
    const fatal = error instanceof WebAssembly.RuntimeError || !(error instanceof Error);
    postMessage({ id: data.id, type: 'error', message: error instanceof Error ? error.message : String(error), fatal });
  }
};
