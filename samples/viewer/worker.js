// The library in WebAssembly (wasm/bindings.cpp), off the page's thread: reads a dropped recording (.bin, .glb or
// .gltf, with the files a .gltf names beside it), reports progress, and answers with what the page shows.
// Messages in:  {type: 'open', files: [File, ...], main: index of the file to open}
//               {type: 'convert'}: the open file in the other format, for the download (a recording's .glb, a
//               glTF's .bin)
// Messages out: {type: 'ready', version} once, then per file: {type: 'progress', stage, fraction}, {type: 'info', info,
//               profile}, {type: 'glb', json, views} (what to draw: see takeGlb), {type: 'findings', findings},
//               {type: 'done'};
//               {type: 'converted', parts, name} (the file's bytes in order); {type: 'error', message, fatal} (fatal:
//               start a new worker).
/* global createInputanim */
importScripts('inputanim.js');

const INPUT_FOLDER = '/input';
let module = null;
let openName = '', openIsRecording = false;

const post = (message, transfer = []) => postMessage(message, transfer);
const progress = (stage, fraction = null) => post({ type: 'progress', stage, fraction });

// A call into the library: its JSON answer, or an Error with the library's message.
function call(name, ...args) {
  const answer = JSON.parse(module.UTF8ToString(module[`_inputanim_${name}`](...args)));
  if (!answer.ok) throw new Error(answer.error);
  return answer;
}

function withString(text, use) {
  const size = module.lengthBytesUTF8(text) + 1;
  const pointer = module._malloc(size);
  try {
    module.stringToUTF8(text, pointer, size);
    return use(pointer);
  } finally { module._free(pointer); }
}

// Part of the library's output, copied out of its memory into a buffer the page can own.
function outputPart(part) {
  const start = module._inputanim_output_data(part);
  return module.HEAPU8.slice(start, start + module._inputanim_output_size(part)).buffer;
}

// The library's output as a file's bytes, in order.
function takeFile() {
  const parts = [0, 1, 2].map(outputPart).filter((part) => part.byteLength > 0);
  module._inputanim_release_output();
  return parts;
}

// The library's .glb as three.js can use it without copying: its JSON (parsed), and each buffer view's bytes as a
// buffer of its own (given the whole .glb, three.js copies its binary chunk, then each view out of that copy: twice
// 51 MB for a 600 s recording, on the page's thread). three.js may change these bytes (it normalizes skin weights
// in place), so the download is converted again (convert()).
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

// The file into the library's input buffer, which the library keeps (a recording's keys are read where they
// are). One read of the whole file is several times faster than streaming it in chunks (bench/viewer_open.mjs);
// the progress bar moves by stage instead.
async function readIntoLibrary(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const pointer = module._inputanim_input_buffer(bytes.length);
  if (!pointer && bytes.length) throw new Error(`${file.name}: not enough memory for ${bytes.length} bytes`);
  module.HEAPU8.set(bytes, pointer);
}

// The other files of a drop go into the library's folder for the input, where a .gltf's buffers are looked up.
async function placeBesideInput(files) {
  const fs = module.FS;
  if (fs.analyzePath(INPUT_FOLDER).exists) {
    for (const name of fs.readdir(INPUT_FOLDER)) if (name !== '.' && name !== '..') fs.unlink(`${INPUT_FOLDER}/${name}`);
  } else {
    fs.mkdir(INPUT_FOLDER);
    fs.chdir(INPUT_FOLDER);  // the input is named as the user knows it, and its buffers are found beside it
  }
  for (const file of files) fs.writeFile(`${INPUT_FOLDER}/${file.name}`, new Uint8Array(await file.arrayBuffer()));
}

async function open(files, main) {
  const file = files[main];
  openName = file.name;
  await placeBesideInput(files.filter((_, i) => i !== main));
  progress('reading');
  await readIntoLibrary(file);
  progress('decoding');
  const opened = withString(file.name, (path) => call('open', path));
  openIsRecording = opened.info.input.kind === 'MRTK binary';
  post({ type: 'info', info: opened.info, profile: opened.profile });
  progress('converting');
  call('export_glb');
  const glb = takeGlb();
  post({ type: 'glb', ...glb }, glb.views);
  progress('checking');
  post({ type: 'findings', findings: call('check').findings });
  post({ type: 'done' });
}

function convert() {
  call(openIsRecording ? 'export_glb' : 'export_binary');
  const parts = takeFile();
  const name = openName.replace(/\.(bin|glb|gltf)$/i, '') + (openIsRecording ? '.glb' : '.bin');
  post({ type: 'converted', parts, name }, parts);
}

const ready = createInputanim({ locateFile: (path) => new URL(path, self.location.href).href }).then((instance) => {
  module = instance;
  post({ type: 'ready', version: module.UTF8ToString(module._inputanim_version()) });
});

onmessage = async ({ data }) => {
  try {
    await ready;
    if (data.type === 'open') await open(data.files, data.main);
    else if (data.type === 'convert') convert();
  } catch (error) {
    // A WebAssembly trap (out of memory, an abort) leaves the module unusable: the page starts a new worker.
    const fatal = error instanceof WebAssembly.RuntimeError || !(error instanceof Error);
    post({ type: 'error', message: error instanceof Error ? error.message : String(error), fatal });
  }
};
