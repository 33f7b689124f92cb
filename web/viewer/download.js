// Download: the open file's conversion, as `inputanim convert` writes it: a .glb from an MRTK recording (plain, or
// compressed by one of the library's methods, as `convert --compress`), a .bin from a glTF, or from either an IWER
// capture (.json) that IWER replays into a WebXR app's tests (docs/testing-webxr.md).
import { element } from './panel.js';

const $ = (id) => document.getElementById(id);

// A file's name without its recording or glTF extension.
export const stem = (name) => name.replace(/\.(bin|glb|gltf)$/i, '');

// Offers `blob` to the user as a download named `name`.
export function saveAs(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = element('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// What the compression choice says of each of the library's methods (profile table's `options.compress`).
const METHOD_LABELS = { none: '.glb', meshopt: '.glb, compressed' };
// The other choices: their label, the export's format and the file's extension.
const OTHERS = { bin: ['.bin', 'bin', '.bin'], iwer: ['IWER capture (.json)', 'iwer', '.json'] };

// `viewer`: { recording() (the open InputAnimationRecording or null), name() (its file name), showError(message),
// setBusy(text or null) }.
export class Download {
  constructor(viewer) {
    this.viewer = viewer;
    this.busy = false;
    $('download').addEventListener('click', () => this.start());
  }

  // The open recording's choices: a recording's .glb, plain or compressed; a glTF's .bin; an IWER capture of either.
  opened(recording) {
    $('download').disabled = false;
    const choice = $('download-compress');
    choice.hidden = false;
    const values = [...(recording.binary ? recording.profileTable.options.compress : ['bin']), 'iwer'];
    choice.replaceChildren(
      ...values.map((v) =>
        Object.assign(element('option', OTHERS[v]?.[0] ?? METHOD_LABELS[v] ?? `.glb (${v})`), { value: v }),
      ),
    );
  }

  closed() {
    $('download').disabled = true;
    $('download-compress').hidden = true;
  }

  // The conversion, made again when asked for: three.js may have changed the drawn bytes.
  start() {
    const recording = this.viewer.recording();
    if (!recording || this.busy) return;
    this.busy = true;
    const name = this.viewer.name();
    this.viewer.setBusy(`${name}: converting for the download ...`);
    const choice = $('download-compress').value;
    const [, format, extension] = OTHERS[choice] ?? [null, 'glb', '.glb'];
    recording
      .export(format, format === 'glb' ? { compress: choice } : {})
      .then(
        ({ blob }) => {
          if (this.viewer.recording() === recording) saveAs(blob, stem(name) + extension);
        },
        (error) => this.viewer.showError(`${name}: ${error.message}`),
      )
      .finally(() => {
        this.busy = false;
        if (this.viewer.recording() === recording) this.viewer.setBusy(null);
      });
  }
}
