// Vite, plain JavaScript: the loader as its README shows it, no configuration.
import { InputAnimationLoader } from 'inputanim-three';
import { failed, played, src } from '../shared/played.js';

window.result = new InputAnimationLoader().loadAsync(src).then(played, failed);
