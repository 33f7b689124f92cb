'use strict';
// A small emulation of a WebXR runtime with hand tracking (navigator.xr), injected into a page before its scripts:
// enough of the WebXR Device API and Hand Input for a recorder (sessions, reference spaces, animation frames, input
// sources with XRHand, viewer and joint poses, squeeze and select events). With window.xrEmulationDrawable set before
// it runs, a page's renderer can draw into the session as into a headset: an XRWebGLLayer on the page's canvas, the
// two eyes side by side (each 90 degrees wide); without it, the browser's own XRWebGLLayer refuses the session and a
// renderer stays on the page. With window.xrEmulationLayers set, it is as strict as the WebXR Device API (and Chromium,
// and Meta's IWER): a session runs no frames until its render state has a base layer (an XRWebGLLayer as with
// xrEmulationDrawable). The test drives it frame by frame:
//   window.xrEmulation.drive(frames, {markersAfter})  frames: [{time (ms), viewer: [px,py,pz,qx,qy,qz,qw],
//     hands: {left, right: null or 25 x 7 numbers in XRHandJoint order}}]; a squeeze after each frame index in
//     markersAfter (before the next frame's callbacks, where a runtime fires input events). Resolves when every frame
//     has been given to the session's callbacks.
//   window.xrEmulation.session: the session once requested (null before).
//   window.xrEmulation.holding = true: the next session waits (as behind a permission prompt) for xrEmulation.release().
// A block, not a function: its names stay inside it (strict, so that its function declarations do too).
{
  const JOINTS = ['wrist', 'thumb-metacarpal', 'thumb-phalanx-proximal', 'thumb-phalanx-distal', 'thumb-tip'];
  for (const finger of ['index', 'middle', 'ring', 'pinky'])
    for (const part of ['metacarpal', 'phalanx-proximal', 'phalanx-intermediate', 'phalanx-distal', 'tip'])
      JOINTS.push(`${finger}-finger-${part}`);

  const transformOf = (v, at = 0) => ({
    position: { x: v[at], y: v[at + 1], z: v[at + 2], w: 1 },
    orientation: { x: v[at + 3], y: v[at + 4], z: v[at + 5], w: v[at + 6] },
  });

  // A column-major 4x4 matrix of a position and a unit quaternion (x, y, z, w), and its inverse.
  function poseMatrix(p, q) {
    const [x, y, z, w] = q;
    const m = [
      ...[1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0],
      ...[2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0],
      ...[2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0],
      ...[p[0], p[1], p[2], 1],
    ];
    const inverse = [m[0], m[4], m[8], 0, m[1], m[5], m[9], 0, m[2], m[6], m[10], 0, 0, 0, 0, 1];
    for (let r = 0; r < 3; r++) inverse[12 + r] = -(m[r * 4] * p[0] + m[r * 4 + 1] * p[1] + m[r * 4 + 2] * p[2]);
    return { matrix: new Float32Array(m), inverse: { matrix: new Float32Array(inverse) } };
  }
  const NEAR = 0.05,
    FAR = 100;
  const PROJECTION = new Float32Array([
    1,
    0,
    0,
    0,
    0,
    1,
    0,
    0,
    0,
    0,
    -(FAR + NEAR) / (FAR - NEAR),
    -1,
    0,
    0,
    (-2 * FAR * NEAR) / (FAR - NEAR),
    0,
  ]);
  // The eyes: 3.2 cm either side of the viewer pose, looking where it looks.
  function views(v) {
    return ['left', 'right'].map((eye, i) => {
      const offset = i ? 0.032 : -0.032;
      const [x, y, z, w] = v.slice(3);
      const right = [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)];
      const p = [v[0] + right[0] * offset, v[1] + right[1] * offset, v[2] + right[2] * offset];
      return {
        eye,
        projectionMatrix: PROJECTION,
        transform: { ...transformOf([...p, x, y, z, w]), ...poseMatrix(p, [x, y, z, w]) },
      };
    });
  }

  if (window.xrEmulationDrawable || window.xrEmulationLayers) {
    delete window.XRWebGLBinding; // three.js then draws through an XRWebGLLayer
    window.XRWebGLLayer = class {
      constructor(session, gl) {
        this.framebuffer = null; // the page's canvas
        this.framebufferWidth = gl.canvas.width;
        this.framebufferHeight = gl.canvas.height;
        this.ignoreDepthValues = false;
      }
      getViewport(view) {
        const width = this.framebufferWidth / 2;
        return { x: view.eye === 'left' ? 0 : width, y: 0, width, height: this.framebufferHeight };
      }
    };
    for (const context of [WebGLRenderingContext, WebGL2RenderingContext])
      context.prototype.makeXRCompatible = async () => {};
  }

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
      if (window.xrEmulationLayers && !this.renderState.baseLayer) return; // no layer, no frame
      this.inputSources = ['left', 'right'].filter((side) => data.hands[side]).map((side) => this.sources[side]);
      const frame = {
        session: this,
        getViewerPose: () => ({
          transform: transformOf(data.viewer),
          views: views(data.viewer),
          emulatedPosition: false,
        }),
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
      // Both immersive modes are offered, but hand tracking only in immersive-vr (as on a headset whose passthrough
      // mode has no hands): a recorder must fall back.
      isSessionSupported: async (mode) => mode === 'immersive-vr' || mode === 'immersive-ar',
      requestSession: async (mode, init = {}) => {
        if (mode !== 'immersive-vr' && mode !== 'immersive-ar')
          throw new DOMException(`${mode} not supported`, 'NotSupportedError');
        if (mode === 'immersive-ar' && init.requiredFeatures?.includes('hand-tracking'))
          throw new DOMException('hand-tracking is not supported in immersive-ar', 'NotSupportedError');
        if (emulation.holding) await new Promise((resolve) => (emulation.release = resolve)); // a permission prompt
        emulation.session = new Session(mode, init);
        return emulation.session;
      },
      addEventListener() {},
      removeEventListener() {},
    },
  });
}
