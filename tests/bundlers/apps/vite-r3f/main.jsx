// Vite with React Three Fiber, under StrictMode: useLoader(InputAnimationLoader, url), held with the pattern of
// docs/three.md (retain in an effect; once the last holder lets go, the recording is disposed of and useLoader's
// cache forgets it). window.show(false) unmounts the recording and window.show(true) mounts it again: each mount
// adds its report to window.reports, and window.recordings keeps each recording handed out.
import React, { StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Canvas, useLoader } from '@react-three/fiber';
import { InputAnimationLoader } from 'inputanim-three';
import { failed, played, src } from '../shared/played.js';

window.reports = [];
window.recordings = [];

function Recording({ url }) {
  const gltf = useLoader(InputAnimationLoader, url);
  useEffect(() => gltf.recording.retain(() => useLoader.clear(InputAnimationLoader, url)), [gltf, url]);
  useEffect(() => {
    if (!window.recordings.includes(gltf.recording)) window.recordings.push(gltf.recording);
    played(gltf).then(
      (report) => window.reports.push(report),
      (error) => window.reports.push(failed(error)),
    );
  }, [gltf]);
  return <primitive object={gltf.scene} />;
}

function App() {
  const [shown, setShown] = useState(true);
  window.show = setShown;
  return (
    <Canvas camera={{ position: [0, 1.5, 1] }}>
      <Suspense fallback={null}>{shown && <Recording url={src} />}</Suspense>
    </Canvas>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
