// The viewer's keyboard, pointer and drop controls, bound to the page's actions: {loaded(), playPause(),
// step(frames), seek(time), end(), frame(), headView(), panel(id), open(), pick(clientX, clientY) (null, null: none),
// jump(kind, direction) ('marker' or 'switch', 1 or -1), coordinates() (the readout's frame), loop() (on or off), openFiles(files)}. "?" shows and hides the list of keys.
export function bindControls(canvas, actions) {
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
      KeyI: () => actions.panel('panel'),
      KeyE: () => actions.panel('edits'),
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
