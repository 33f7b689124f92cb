// Record: a take through a headset's hand tracking (InputAnimationRecorder, web/inputanim-three), opened here like
// any recording once it stops. The page shows the countdown, the time recorded and the markers; in the headset,
// three.js draws the view with the same words in front of the user (docs/recording.md).
import * as THREE from 'three';
import { InputAnimationRecorder, recordingModes } from 'inputanim-three';

const $ = (id) => document.getElementById(id);

// `page`: { view (view3d.js), open(files), showError(message), setStatus(text) }.
export class RecordButton {
  constructor(page) {
    this.page = page;
    this.recorder = null;
    this.hud = new Hud(page.view);
    $('record').addEventListener('click', () => this.start());
    $('record-marker').addEventListener('click', () => this.recorder?.marker());
    $('record-stop').addEventListener('click', () => this.recorder?.stop().catch(() => {})); // said by 'error'/start
    recordingModes().then((modes) => {
      $('record').disabled = !modes.length;
      $('record').title = modes.length
        ? // Whether the device tracks hands shows only once a session runs: a take without them says so when it stops.
          `record the head, and the hands where this headset tracks them (${modes[0]}): an MRTK input animation`
        : 'recording needs a headset browser with WebXR hand tracking, over HTTPS (docs/recording.md)';
    });
  }

  async start() {
    const recorder = (this.recorder = new InputAnimationRecorder());
    recorder.addEventListener('countdown', ({ detail }) => this.show(`starts in ${Math.ceil(detail.seconds)}`));
    const running = (seconds) =>
      `REC ${seconds.toFixed(1)} s${recorder.markers ? ` \u00b7 ${recorder.markers} marker${recorder.markers > 1 ? 's' : ''}` : ''}`;
    recorder.addEventListener('tick', ({ detail }) => {
      this.show(running(detail.seconds));
      this.hud.hands(detail.values, recorder.layout);
    });
    recorder.addEventListener('marker', ({ detail }) => this.show(running(detail.seconds)));
    recorder.addEventListener('take', ({ detail }) => this.opened(detail));
    recorder.addEventListener('error', ({ detail }) => this.ended(detail.message));
    $('recording').hidden = false;
    $('record').disabled = true;
    this.show('entering the headset ...');
    try {
      await recorder.start();
    } catch (error) {
      return this.ended(`Recording did not start: ${error.message}`);
    }
    // The view in the headset, where the browser can draw one (without it, the take records all the same).
    this.page.view.renderer.xr.enabled = true;
    await this.page.view.renderer.xr.setSession(recorder.session).catch(() => {});
  }

  show(text) {
    $('recording-text').textContent = text;
    this.hud.show(text);
  }

  opened(take) {
    this.ended(null);
    this.page.open([new File([take.bytes], take.name)]);
  }

  ended(error) {
    $('recording').hidden = true;
    $('record').disabled = false;
    // The page's pixel ratio and size again: three.js gave the view the headset's, or none where it could not draw there.
    this.page.view.renderer.setPixelRatio(window.devicePixelRatio);
    this.page.view.resize();
    this.hud.show(null);
    this.recorder = null;
    if (error) this.page.showError(error);
  }
}

// The countdown and timer as a panel 0.9 m ahead of the headset, a little above the eyes, and the hands being
// recorded as dots at their joints, while the view is in the headset (in immersive-vr the user sees no hands of their
// own).
const DOT = new THREE.SphereGeometry(0.006, 8, 6);
class Hud {
  constructor(view) {
    this.view = view;
    this.canvas = document.createElement('canvas');
    this.canvas.width = 512;
    this.canvas.height = 96;
    this.texture = new THREE.CanvasTexture(this.canvas);
    this.sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: this.texture, depthTest: false }));
    this.sprite.scale.set(0.4, 0.075, 1);
    this.sprite.renderOrder = 1;
    this.texture.colorSpace = THREE.SRGBColorSpace;
    this.dots = new THREE.InstancedMesh(DOT, new THREE.MeshBasicMaterial({ color: 0x9fd0ff }), 50);
    this.dots.frustumCulled = false;
    this.matrix = new THREE.Matrix4();
  }

  // Dots at the joints of the hands present in a frame (`values` in the library's `layout`), in the session's space.
  hands(values, layout) {
    const { renderer, scene } = this.view;
    if (!renderer.xr.isPresenting) return this.dots.removeFromParent();
    let count = 0;
    for (const at of layout.hands) {
      if (values[at] !== 1) continue;
      for (let j = 0; j < layout.joints.length; j++) {
        const p = at + 1 + j * 7;
        this.dots.setMatrixAt(count++, this.matrix.makeTranslation(values[p], values[p + 1], values[p + 2]));
      }
    }
    this.dots.count = count;
    this.dots.instanceMatrix.needsUpdate = true;
    if (!this.dots.parent) scene.add(this.dots);
  }

  show(text) {
    const { renderer, scene } = this.view;
    if (!text || !renderer.xr.isPresenting) {
      this.dots.removeFromParent();
      return this.sprite.removeFromParent();
    }
    const g = this.canvas.getContext('2d');
    g.fillStyle = 'rgba(20, 22, 26, 0.8)';
    g.fillRect(0, 0, 512, 96);
    g.fillStyle = text.startsWith('REC') ? '#ff5a4f' : '#ffffff';
    g.font = '48px sans-serif';
    g.textAlign = 'center';
    g.fillText(text, 256, 64);
    this.texture.needsUpdate = true;
    const eye = renderer.xr.getCamera();
    this.sprite.position.copy(eye.position).add(new THREE.Vector3(0, 0.18, -0.9).applyQuaternion(eye.quaternion));
    scene.add(this.sprite);
    this.view.requestRender();
  }
}
