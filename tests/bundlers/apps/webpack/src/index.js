// webpack 5, plain JavaScript: the loader with no configuration beyond webpack's defaults.
import { InputAnimationLoader } from 'inputanim-three';
import { failed, played, src } from '../../shared/played.js';

window.result = new InputAnimationLoader().loadAsync(src).then(played, failed);
