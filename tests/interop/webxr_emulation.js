// A small emulation of a WebXR runtime with hand tracking (navigator.xr), injected into a page before its scripts:
// enough of the WebXR Device API and Hand Input for a recorder (sessions, reference spaces, animation frames, input
// sources with XRHand, viewer and joint poses, squeeze and select events). It draws nothing: XRWebGLLayer is absent,
// so a page's renderer stays on the page. The test drives it frame by frame:
//   window.xrEmulation.drive(frames, {markersAfter})  frames: [{time (ms), viewer: [px,py,pz,qx,qy,qz,qw],
//     hands: {left, right: null or 25 x 7 numbers in XRHandJoint order}}]; a squeeze after each frame index in
//     markersAfter. Resolves when every frame has been given to the session's callbacks.
//   window.xrEmulation.session: the session once requested (null before).
(() => {
  const JOINTS = ['wrist', 'thumb-metacarpal', 'thumb-phalanx-proximal', 'thumb-phalanx-distal', 'thumb-tip'];
  for (const finger of ['index', 'middle', 'ring', 'pinky'])
    for (const part of ['metacarpal', 'phalanx-proximal', 'phalanx-intermediate', 'phalanx-distal', 'tip'])
      JOINTS.push(`${finger}-finger-${part}`);

  const transformOf = (v, at = 0) => ({
    position: { x: v[at], y: v[at + 1], z: v[at + 2], w: 1 },
    orientation: { x: v[at + 3], y: v[at + 4], z: v[at + 5], w: v[at + 6] },
  });

  class Hand extends Map {
    constructor(handedness) {
      super(JOINTS.map((name, index) => [name, { jointName: name, handedness, index }]));
    }
  }

  class Session extends EventTarget {
    constructor(mode, init) {
      super();
      this.mode = mode;
      this.init = init;
      this.callbacks = new Map();
      this.nextCallback = 1;
      this.sources = { left: { handedness: 'left', hand: new Hand('left'), profiles: ['generic-hand'] } };
      this.sources.right = { handedness: 'right', hand: new Hand('right'), profiles: ['generic-hand'] };
      this.inputSources = [];
      this.renderState = { baseLayer: null, depthNear: 0.1, depthFar: 1000 };
      this.ended = false;
      this.spaces = [];
    }
    async requestReferenceSpace(type) {
      if (!['local-floor', 'local', 'viewer'].includes(type))
        throw new DOMException(`${type} not supported`, 'NotSupportedError');
      this.spaces.push(type);
      return { type, getOffsetReferenceSpace: () => ({ type }) };
    }
    updateRenderState(state) {
      Object.assign(this.renderState, state);
    }
    requestAnimationFrame(callback) {
      const id = this.nextCallback++;
      this.callbacks.set(id, callback);
      return id;
    }
    cancelAnimationFrame(id) {
      this.callbacks.delete(id);
    }
    async end() {
      if (this.ended) return;
      this.ended = true;
      this.dispatchEvent(new Event('end'));
    }
    // One frame: the input sources present, then every callback waiting (each asks again for the next frame).
    frame(data) {
      this.inputSources = ['left', 'right'].filter((side) => data.hands[side]).map((side) => this.sources[side]);
      const frame = {
        session: this,
        getViewerPose: () => ({ transform: transformOf(data.viewer), views: [], emulatedPosition: false }),
        getJointPose: (joint) => {
          const values = data.hands[joint.handedness];
          return values ? { transform: transformOf(values, joint.index * 7), radius: 0.01 } : null;
        },
        getPose: () => null,
      };
      const waiting = [...this.callbacks.values()];
      this.callbacks.clear();
      for (const callback of waiting) callback(data.time, frame);
    }
  }

  const emulation = { session: null };
  emulation.drive = async (frames, { markersAfter = [] } = {}) => {
    const marks = new Set(markersAfter);
    for (let i = 0; i < frames.length; i++) {
      emulation.session.frame(frames[i]);
      if (marks.has(i)) {
        const event = new Event('squeezestart');
        event.inputSource = emulation.session.sources.right;
        emulation.session.dispatchEvent(event);
      }
      if (i % 200 === 199) await new Promise((resolve) => setTimeout(resolve, 0)); // the page's messages go out
    }
  };
  window.xrEmulation = emulation;
  Object.defineProperty(navigator, 'xr', {
    value: {
      isSessionSupported: async (mode) => mode === 'immersive-vr',
      requestSession: async (mode, init = {}) => {
        if (mode !== 'immersive-vr') throw new DOMException(`${mode} not supported`, 'NotSupportedError');
        emulation.session = new Session(mode, init);
        return emulation.session;
      },
      addEventListener() {},
      removeEventListener() {},
    },
  });
})();
