// window.viewer, for tests and the console (docs/viewer.md): the page's state as read-only properties, seek, play and
// pause. `page`: {state, view, renderer, floor, activeCamera(), seek(time), setPlaying(on), compare (compare.js)}.
export function exposeViewer({ state, view, renderer, floor, activeCamera, seek, setPlaying, compare }) {
  const readable = {
    loaded: () => state.loaded,
    time: () => state.time,
    playing: () => state.playing,
    duration: () => state.duration,
    bands: () => state.bands,
    markers: () => state.markers,
    frameStep: () => state.frameStep,
    floorHeight: () => floor.position.y,
    selectedJoint: () => state.selected?.name ?? null,
    headView: () => state.headView,
    ready: () => state.ready,
    // From choosing the file to the hands drawn, and how long each stage took (for bench/viewer_open.mjs).
    openMilliseconds: () => state.openMs,
    stageMilliseconds: () => {
      const order = ['reading', 'decoding', 'converting', 'drawing'];
      const starts = order.map((stage) => state.stageStarts[stage]);
      const end = state.openedAt + state.openMs;
      return Object.fromEntries(order.map((stage, i) => [stage, (starts[i + 1] ?? end) - starts[i]]));
    },
    findings: () => state.info?.findings ?? null,
    camera: () => activeCamera(),
    canvas: () => renderer.domElement,
    // Frames rendered so far, and what three.js holds on the GPU (renderer.info.memory).
    frames: () => view.frames,
    memory: () => ({ ...renderer.info.memory }),
    // Compare mode: B's name, the diff (inputanim.diff/1) once known, and the readout's text.
    loop: () => state.loop,
    compared: () => compare.name,
    diff: () => compare.report,
    readout: () => document.getElementById('joint').textContent,
  };
  const getters = Object.entries(readable).map(([name, get]) => [name, { get, enumerable: true }]);
  window.viewer = Object.defineProperties(
    {
      seek: (t) => {
        setPlaying(false);
        seek(t);
        view.renderNow();
      },
      play: () => setPlaying(true),
      pause: () => setPlaying(false),
    },
    Object.fromEntries(getters),
  );
}
