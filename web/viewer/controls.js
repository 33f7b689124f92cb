// The viewer's keyboard, pointer, button and drop controls, bound to the page's actions: {loaded(), playPause(),
// step(frames), seek(time), end(), frame(), headView(), open(), pick(clientX, clientY) (null, null: none),
// jump(kind, direction) ('marker' or 'switch', 1 or -1), coordinates() (the readout's frame), loop() (on or off),
// speed(factor), openFiles(files)}. "?" shows and hides the list of keys.
const $ = (id) => document.getElementById(id);

// The side panels, one at a time: Info (summary and findings) and Edit.
function togglePanel(id) {
  const show = $(id).hidden;
  for (const panel of ['panel', 'edits']) $(panel).hidden = true;
  $(id).hidden = !show;
}

// The header's and footer's buttons and choices.
function bindButtons(actions) {
  $('play').addEventListener('click', actions.playPause);
  $('scrubber').addEventListener('input', (event) => actions.seek(Number(event.target.value)));
  $('speed').addEventListener('change', (event) => actions.speed(Number(event.target.value)));
  $('markers').addEventListener('change', (event) => {
    if (event.target.value !== '') actions.seek(Number(event.target.value));
    event.target.value = '';
  });
  $('frame').addEventListener('click', actions.frame);
  $('view').addEventListener('click', actions.headView);
  $('panel-toggle').addEventListener('click', () => togglePanel('panel'));
  $('edit-toggle').addEventListener('click', () => togglePanel('edits'));
  $('file').addEventListener('change', (event) => {
    actions.openFiles(event.target.files);
    event.target.value = '';
  });
}

export function bindControls(canvas, actions) {
  bindButtons(actions);
  window.addEventListener('keydown', (event) => {
    const typing = event.target.matches('select, input[type=number], input[type=text]');
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    const keys = {
      Space: actions.playPause,
      ArrowRight: () => actions.step(event.shiftKey ? 10 : 1),
      ArrowLeft: () => actions.step(event.shiftKey ? -10 : -1),
      Home: () => actions.seek(0),
      End: actions.end,
      KeyF: actions.frame,
      KeyV: actions.headView,
      KeyI: () => togglePanel('panel'),
      KeyE: () => togglePanel('edits'),
      KeyO: actions.open,
      KeyU: actions.coordinates,
      KeyL: actions.loop,
      Escape: () => actions.pick(null, null),
      BracketLeft: () => actions.jump('marker', -1),
      BracketRight: () => actions.jump('marker', 1),
      Comma: () => actions.jump('switch', -1),
      Period: () => actions.jump('switch', 1),
    };
    if (event.key === '?') {
      const help = document.getElementById('help');
      help.hidden = !help.hidden;
      return;
    }
    if (!keys[event.code] || (!actions.loaded() && event.code !== 'KeyO' && event.code !== 'KeyI')) return;
    event.preventDefault();
    keys[event.code]();
  });
  // A click (not a drag) on a joint shows its pose; elsewhere, hides it.
  let pressed = null;
  canvas.addEventListener('pointerdown', (event) => {
    pressed = [event.clientX, event.clientY];
  });
  canvas.addEventListener('pointerup', (event) => {
    if (!pressed || !actions.loaded() || Math.hypot(event.clientX - pressed[0], event.clientY - pressed[1]) > 4) return;
    actions.pick(event.clientX, event.clientY);
  });
  window.addEventListener('dragover', (event) => {
    event.preventDefault();
    document.body.classList.add('dragging');
  });
  window.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
  window.addEventListener('drop', (event) => {
    event.preventDefault();
    document.body.classList.remove('dragging');
    actions.openFiles(event.dataTransfer.files);
  });
}
