// Vite with TypeScript (checked by tsc --strict first): the loader's types as an app uses them.
import { InputAnimationLoader, type InputAnimationGLTF } from 'inputanim-three';
// @ts-ignore: a plain JavaScript module of the tests
import { failed, played, src } from '../shared/played.js';

const loader: InputAnimationLoader = new InputAnimationLoader().setWorkerLimit(2);
(window as unknown as { result: Promise<unknown> }).result = loader
  .loadAsync(src)
  .then((gltf: InputAnimationGLTF) => played(gltf), failed);
