// The edit panel: trim, mirror, retime and markers on the open recording (the loader's recording.edit, the library's
// edits as the CLI's verbs make them). Each edit's result replaces the open recording, named after the edit (opened in
// its worker: the .bin it is, which Save .bin keeps); Back to the original reopens the files first opened.
import { stem } from './download.js';

const $ = (id) => document.getElementById(id);
const ACTIONS = ['trim', 'mirror', 'retime', 'marker-add', 'save-bin']; // the buttons that need an open recording

// `viewer`: { recording() (the open InputAnimationRecording or null), name() (its file name), time() (the playhead,
// seconds), open(files) (opens File objects), openEdited(recording, edits, name) (resolves to the edit's messages
// once its result is shown), save(blob, name), showError(message), setBusy(text or null) }.
export class EditPanel {
  constructor(viewer) {
    this.viewer = viewer;
    this.original = null; // the files first opened, before any edit
    $('trim-start-now').addEventListener('click', () => {
      $('trim-start').value = viewer.time().toFixed(3);
    });
    $('trim-end-now').addEventListener('click', () => {
      $('trim-end').value = viewer.time().toFixed(3);
    });
    $('trim').addEventListener('click', () => this.apply('trimmed', { trim: this.range() }));
    $('mirror').addEventListener('click', () => this.apply('mirrored', { mirror: true }));
    $('retime').addEventListener('click', () => this.apply('retimed', { retime: Number($('speed-factor').value) }));
    $('marker-add').addEventListener('click', () => {
      const name = $('marker-name').value.trim();
      if (name) this.apply('marked', { markers: { add: [{ time: viewer.time(), name }] } });
    });
    $('save-bin').addEventListener('click', () => this.saveBinary());
    $('revert').addEventListener('click', () => {
      if (this.original) viewer.open(this.original, true);
    });
  }

  // The trim range typed: an empty field is the recording's start or end.
  range() {
    const [start, end] = ['trim-start', 'trim-end'].map((id) => ($(id).value === '' ? undefined : Number($(id).value)));
    return { start: start ?? 0, ...(end === undefined ? {} : { end }) };
  }

  // A file was opened: `edited` when it is an edit's result (the original stays), else it becomes the original.
  opened(files, edited, duration) {
    if (!edited) this.original = files;
    $('trim-start').value = $('trim-end').value = '';
    $('trim-end').placeholder = duration.toFixed(3);
    $('revert').disabled = !edited;
    for (const id of ACTIONS) $(id).disabled = false;
  }

  closed() {
    for (const id of ACTIONS) $(id).disabled = true;
  }

  async apply(suffix, edit) {
    const recording = this.viewer.recording();
    if (!recording) return;
    this.viewer.setBusy(`${this.viewer.name()}: editing ...`);
    try {
      const name = `${stem(this.viewer.name())}-${suffix}.bin`;
      const messages = await this.viewer.openEdited(recording, [edit], name);
      if (messages) $('edit-messages').textContent = messages.map((m) => `${m.severity}: ${m.message}`).join('\n');
    } catch (error) {
      this.viewer.setBusy(null);
      this.viewer.showError(error.message);
    }
  }

  async saveBinary() {
    const recording = this.viewer.recording();
    if (!recording) return;
    this.viewer.setBusy(`${this.viewer.name()}: writing the .bin ...`);
    try {
      const { blob } = await recording.export('bin');
      this.viewer.save(blob, `${stem(this.viewer.name())}.bin`);
    } catch (error) {
      this.viewer.showError(error.message);
    } finally {
      this.viewer.setBusy(null);
    }
  }
}
