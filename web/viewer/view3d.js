// The 3D view: renderer, lights, floor, the orbit camera and the head camera. It renders only when something changed
// (requestRender).
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

// `activeCamera()` says which camera renders: the orbit camera or the head camera.
export function createView(container, activeCamera) {
  const renderer = new THREE.WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(window.devicePixelRatio);
  container.prepend(renderer.domElement);

  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0x1b1e23);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x3a3f47, 2.2));
  const sun = new THREE.DirectionalLight(0xffffff, 1.4);
  sun.position.set(1, 3, -2);
  scene.add(sun);
  const floor = new THREE.GridHelper(6, 60, 0x5a5a5a, 0x34373c);
  scene.add(floor);

  const camera = new THREE.PerspectiveCamera(50, 1, 0.01, 100);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.zoomToCursor = true; // scrolling zooms towards what is under the pointer, so the hands stay in view
  camera.position.set(0, 2, -1);
  controls.target.set(0, 1.2, 0.5);
  controls.update();
  const headCamera = new THREE.PerspectiveCamera(60, 1, 0.01, 100); // follows the recorded head in head view

  let dirty = true;
  const view = {
    renderer,
    scene,
    floor,
    camera,
    headCamera,
    controls,
    frames: 0, // frames rendered since the page opened
    requestRender() {
      dirty = true;
    },
    renderNow() {
      renderer.render(scene, activeCamera());
      view.frames++;
      dirty = false;
    },
    // Calls onFrame(seconds since the last frame) every display frame; renders when something asked for it.
    start(onFrame) {
      const timer = new THREE.Timer();
      renderer.setAnimationLoop((time) => {
        timer.update(time);
        onFrame(timer.getDelta());
        if (dirty || renderer.xr.isPresenting) view.renderNow(); // a headset draws every frame
      });
    },
    resize() {
      const width = container.clientWidth,
        height = container.clientHeight;
      renderer.setSize(width, height, false);
      for (const c of [camera, headCamera]) {
        c.aspect = width / Math.max(1, height);
        c.updateProjectionMatrix();
      }
      dirty = true;
    },
  };
  controls.addEventListener('change', view.requestRender);
  return view;
}

// A mixer on the loader's scene playing the recording's clip (the profile's animation, else the first): {mixer, clip}.
export function playRecording(gltf) {
  const clip =
    gltf.animations.find((c) => c.name === gltf.recording.profileTable.nodes.animation) ?? gltf.animations[0];
  const mixer = new THREE.AnimationMixer(gltf.scene);
  if (clip) mixer.clipAction(clip).play();
  return { mixer, clip };
}
