// IWER (npm `iwer`, served beside this file as iwer.module.js) installed as the page's WebXR runtime, for a test that
// drives an app owning its session (docs/testing-webxr.md). Load it as the page's first module script, before the
// app's. window.iwerTest then holds the session the app asked for, `play(url)` (a capture replayed in real time into
// the session's local-floor space, with the event context IWER's select events need), and `frames`: for every frame
// of the session, [its time, the player's time in it (null while nothing plays), what `watch()` says then].
import { P_SESSION, XRDevice, metaQuest3 } from './iwer.module.js';

const device = new XRDevice(metaQuest3);
device.installRuntime({ forceInstall: true }); // over Chromium's own navigator.xr, which has no device headless
const test = (window.iwerTest = { frames: [], player: null, session: null, watch: () => null });
const request = navigator.xr.requestSession.bind(navigator.xr);
navigator.xr.requestSession = async (...args) => {
  const session = (test.session = await request(...args));
  const log = (time) => {
    test.frames.push([time, test.player?.playing ? test.player.currentTime : null, test.watch()]);
    session.requestAnimationFrame(log);
  };
  session.requestAnimationFrame(log);
  return session;
};
test.play = async (url) => {
  const space = await test.session.requestReferenceSpace('local-floor');
  const eventContext = { session: test.session, getFrame: () => test.session[P_SESSION].activeFrame };
  test.player = device.createActionPlayer(space, await (await fetch(url)).json(), { eventContext });
  test.player.play();
};
