// Recording with a headset, without one: the viewer's Record button in headless Chromium, on an emulated WebXR
// runtime (webxr_emulation.js) that replays a real recording's own motion frame by frame at 90 Hz with +-1 ms of
// jitter, in WebXR's space (z negated from Unity's): its head; its left hand, whose tracking is lost twice and found
// again; and as the right hand, the left one mirrored and half a second later. Two squeezes drop markers. The take
// the page opens is saved and played by MRTK's own reader (../shared/mrtk-reader) against the replayed motion:
//   - at every key time of the source and every frame, where the hand is tracked: joints within 1 mm and 1 degree,
//     the head too (and, for the record, how far from the source itself, which the frames sample);
//   - tracked switches within one frame of the replayed motion's; pinching where MRTK's rule (tips closer than 2 cm,
//     apart beyond 5 cm), applied here to the replayed joints, says, within one frame;
//   - the markers at the frames where they were dropped.
// Then ten minutes (the motion looped) through the loader package's recorder, without the page's drawing: the
// library's memory after it, and the take's size (docs/recording.md).
// Usage: node webxr_record.mjs INPUTANIM SITE_DIR SHARED BUILD_DIR
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countPixels, decodePng, downloadVia, launchChromium, serveSite } from '../interop/viewer_site.mjs';
import { mrtkReader, twoHanded } from './webxr_common.mjs';

const [tool, site, shared, build] = process.argv.slice(2);
const source = join(shared, 'samples/real/handrecorder-2021-v1.0.bin');
const readerSources = join(shared, 'mrtk-reader');
if (!existsSync(source) || !existsSync(readerSources) || spawnSync('mono', ['--version']).status !== 0) {
  console.log('SKIP: the real recording, MRTK reader or Mono is missing');
  process.exit(77);
}
const here = dirname(fileURLToPath(import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'inputanim-webxr-'));
const failures = [];
const expect = (ok, what) => {
  if (!ok) failures.push(what);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
};

const mrtk = mrtkReader(build, readerSources);

// WebXR's joint order, as MRTK names them (written out here, not read from the library).
const XR_AS_MRTK = ['Wrist', 'ThumbMetacarpalJoint', 'ThumbProximalJoint', 'ThumbDistalJoint', 'ThumbTip'];
for (const f of ['Index', 'Middle', 'Ring', 'Pinky'])
  XR_AS_MRTK.push(`${f}Metacarpal`, `${f}Knuckle`, `${f}MiddleJoint`, `${f}DistalJoint`, `${f}Tip`);

// The replayed frames: the source at 90 Hz with jitter, as `inputanim sample` plays it, in WebXR's space.
const RATE = 90;
const SIDES = ['left', 'right'];
const twoHands = twoHanded(tool, source, work);
const duration = JSON.parse(execFileSync(tool, ['info', twoHands, '--json'])).duration;
let seed = 7;
const jitter = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 0.002;
const times = [];
for (let i = 0; i / RATE <= duration; i++) times.push(i === 0 ? 0 : Math.min(duration, i / RATE + jitter()));
writeFileSync(join(work, 'times.txt'), times.join('\n'));
const sampled = JSON.parse(
  execFileSync(
    tool,
    ['sample', twoHands, '--times', join(work, 'times.txt'), '--format', 'json', '--select', 'camera', ...SIDES],
    {
      maxBuffer: 1 << 30,
    },
  ),
).frames;
const webXr = ({ position: p, rotation: q }) => {
  const r = q ?? [0, 0, 0, 1];
  return [p[0], p[1], -p[2], -r[0], -r[1], r[2], r[3]];
};
const motion = sampled.map((f) => ({
  t: f.time,
  viewer: webXr(f.camera),
  hands: Object.fromEntries(
    SIDES.map((side) => [side, f[side].tracked ? XR_AS_MRTK.flatMap((name) => webXr(f[side].joints[name])) : null]),
  ),
}));

// Pinching by MRTK's rule on the replayed tips, frame by frame (the expected states), per side.
const expectedPinch = Object.fromEntries(
  SIDES.map((side) => {
    let pinching = false;
    const states = motion.map(({ hands: { [side]: joints } }) => {
      if (!joints) return (pinching = false);
      const thumb = joints.slice(4 * 7, 4 * 7 + 3),
        index = joints.slice(9 * 7, 9 * 7 + 3);
      const gap = Math.hypot(thumb[0] - index[0], thumb[1] - index[1], thumb[2] - index[2]);
      return (pinching = pinching ? gap <= 0.05 : gap < 0.02);
    });
    return [side, states];
  }),
);

// The frames the emulation gives: three seconds of countdown (no hands), then the motion.
const COUNTDOWN = 3,
  START_MS = 1000;
const frames = [];
for (let i = 0; i < COUNTDOWN * RATE; i++)
  frames.push({ time: START_MS + (i * 1000) / RATE, viewer: motion[0].viewer, hands: {} });
const first = frames.length;
for (const m of motion)
  frames.push({ time: START_MS + COUNTDOWN * 1000 + m.t * 1000, viewer: m.viewer, hands: m.hands });
const markersAfter = [first + 300, first + 700];

const server = await serveSite(site);
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.addInitScript({ path: join(here, 'webxr_emulation.js') });
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  await page.goto(`${server.origin}/index.html`);
  await page.waitForFunction(() => !document.getElementById('record').disabled);
  await page.click('#record');
  await page.waitForFunction(() => window.xrEmulation.session && window.xrEmulation.session.callbacks.size > 0);
  const session = await page.evaluate(() => ({ mode: xrEmulation.session.mode, init: xrEmulation.session.init }));
  expect(
    session.mode === 'immersive-vr' && session.init.requiredFeatures?.includes('hand-tracking'),
    `Record entered ${session.mode} with hand tracking required (immersive-ar refused it)`,
  );
  await page.evaluate(({ frames, markersAfter }) => xrEmulation.drive(frames, { markersAfter }), {
    frames,
    markersAfter,
  });
  const shown = await page.textContent('#recording-text');
  expect(/^REC|^marker/.test(shown), `the page shows the take running ("${shown}")`);
  await page.click('#record-stop');
  await page.waitForFunction(() => window.inputanimViewer.loaded || window.inputanimViewer.error, null, {
    timeout: 60000,
  });
  const opened = await page.evaluate(() => window.inputanimViewer.loaded?.name ?? window.inputanimViewer.error);
  expect(/^take-\d{8}-\d{6}\.bin$/.test(opened), `the take opened in the viewer (${opened})`);
  await page.waitForFunction(() => window.viewer.findings !== null);
  const notes = await page.evaluate(() => window.viewer.findings.map((f) => f.code));
  expect(notes.includes('gaze-from-head'), `the take's findings note its gaze is the head's ray (${notes})`);
  const canvas = await page.evaluate(() => [window.viewer.canvas.width, window.innerWidth * devicePixelRatio]);
  expect(canvas[0] === canvas[1], `the view has the page's size again after the session (${canvas[0]} px wide)`);
  if (process.env.VIEWER_SHOTS) await page.screenshot({ path: join(process.env.VIEWER_SHOTS, 'take.png') });
  await page.click('#edit-toggle');
  const saved = await downloadVia(page, '#save-bin', work);
  const take = join(work, 'take.bin');
  writeFileSync(take, saved.bytes);
  checkTake(take);
  await refusals(browser);
  await inTheHeadset(browser);
  await tenMinutes(browser);
  await withoutHands(browser);
} finally {
  await browser.close();
  server.close();
}

function checkTake(take) {
  const keyTimes = mrtk(twoHands, '--key-times', '--no-frames').key_times.filter((t) => t <= duration);
  const at = [...new Set([...keyTimes, ...motion.map((m) => m.t)])].sort((a, b) => a - b);
  writeFileSync(join(work, 'times.txt'), at.join('\n'));
  const want = mrtk(twoHands, '--times-file', join(work, 'times.txt')),
    got = mrtk(take, '--times-file', join(work, 'times.txt'));
  expect(got.accepted && got.bytes_consumed === got.file_size, `MRTK loads the take (${got.file_size} bytes)`);
  const worst = { p: 0, r: 0, headP: 0, headR: 0, palm: 0, sourceP: 0, sourceR: 0 };
  let compared = 0;
  got.frames.forEach((g, k) => {
    const replayed = replayedAt(g.time);
    worst.headP = Math.max(worst.headP, distance(replayed.camera, g.camera));
    worst.headR = Math.max(worst.headR, angle(replayed.camera, g.camera));
    for (const side of SIDES) {
      if (!replayed[side] || !g[side].tracked) continue;
      const w = want.frames[k][side];
      XR_AS_MRTK.forEach((_, i) => {
        const joint = i === 0 ? 1 : i + 2; // MRTK's TrackedHandJoint: None, Wrist, Palm, then the fingers as WebXR
        worst.p = Math.max(worst.p, distance(replayed[side][i], g[side].joints[joint]));
        worst.r = Math.max(worst.r, angle(replayed[side][i], g[side].joints[joint]));
        worst.sourceP = Math.max(worst.sourceP, distance(w.joints[joint], g[side].joints[joint]));
        worst.sourceR = Math.max(worst.sourceR, angle(w.joints[joint], g[side].joints[joint]));
        compared++;
      });
      worst.palm = Math.max(worst.palm, distance(w.joints[2], g[side].joints[2]));
    }
  });
  expect(
    compared > 60000,
    `${compared} joint poses compared at ${keyTimes.length} key times and ${motion.length} frames`,
  );
  expect(worst.p <= 0.001, `joints within 1 mm of the replayed motion (worst ${(worst.p * 1000).toFixed(3)} mm)`);
  expect(worst.r <= 1, `joint rotations within 1 degree (worst ${worst.r.toFixed(3)} degrees)`);
  expect(
    worst.headP <= 0.001 && worst.headR <= 1,
    `head within 1 mm and 1 degree (${(worst.headP * 1000).toFixed(3)} mm, ${worst.headR.toFixed(3)} degrees)`,
  );
  console.log(
    `     against the source itself, whose corners 90 Hz frames cut: ${(worst.sourceP * 1000).toFixed(2)} mm, ` +
      `${worst.sourceR.toFixed(2)} degrees; its palm (made from the middle metacarpal here: WebXR has none) ` +
      `within ${(worst.palm * 1000).toFixed(1)} mm`,
  );
  // States at every replayed frame, as MRTK plays the take.
  writeFileSync(join(work, 'frames.txt'), motion.map((m) => m.t).join('\n'));
  const states = mrtk(take, '--times-file', join(work, 'frames.txt')).frames;
  const switches = (list) => list.flatMap((on, i) => (i > 0 && on !== list[i - 1] ? [i] : []));
  for (const [what, wanted, played] of SIDES.flatMap((side) => [
    [`${side} tracked`, motion.map((m) => m.hands[side] !== null), states.map((s) => s[side].tracked)],
    [`${side} pinching`, expectedPinch[side], states.map((s) => s[side].pinching)],
  ])) {
    const a = switches(wanted),
      b = switches(played);
    const off = a.length === b.length ? Math.max(0, ...a.map((i, n) => Math.abs(i - b[n]))) : Infinity;
    expect(
      a.length > 1 && off <= 1,
      `${what}: ${a.length} switches, each within ${off} frame of the replayed motion's`,
    );
  }
  const markers = got.markers.map((m) => m.time);
  // A squeeze after frame i comes before frame i + 1's callbacks: the marker is at that frame.
  const dropped = markersAfter.map((i) => frames[i + 1].time / 1000 - START_MS / 1000 - COUNTDOWN);
  expect(
    markers.length === 2 && markers.every((t, i) => Math.abs(t - dropped[i]) < 1e-4),
    `markers where they were dropped (${markers.map((t) => t.toFixed(4))} s; ${dropped.map((t) => t.toFixed(4))} s)`,
  );
}

// The replayed motion at `t` in Unity's space, as MRTK plays keys at every frame: positions and quaternion components
// interpolated between the frames around `t` (in one hemisphere), the quaternion made unit; the hand where both
// frames have it.
function replayedAt(t) {
  let i = motion.findIndex((m) => m.t > t) - 1;
  if (i < 0) i = t < motion[0].t ? 0 : motion.length - 2;
  const [a, b] = [sampled[i], sampled[i + 1]];
  const s = Math.min(1, Math.max(0, (t - a.time) / (b.time - a.time)));
  const pose = (p, q) => {
    const r0 = p.rotation ?? [0, 0, 0, 1],
      r1 = q.rotation ?? [0, 0, 0, 1],
      sign = r0.reduce((sum, v, c) => sum + v * r1[c], 0) < 0 ? -1 : 1;
    const r = r0.map((v, c) => v + (sign * r1[c] - v) * s);
    return [...p.position.map((v, c) => v + (q.position[c] - v) * s), ...r.map((v) => v / Math.hypot(...r))];
  };
  const hand = (side) =>
    a[side].tracked && b[side].tracked ? XR_AS_MRTK.map((n) => pose(a[side].joints[n], b[side].joints[n])) : null;
  return { camera: pose(a.camera, b.camera), left: hand('left'), right: hand('right') };
}

function distance(a, b) {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}
function angle(a, b) {
  const na = Math.hypot(a[3], a[4], a[5], a[6]),
    nb = Math.hypot(b[3], b[4], b[5], b[6]);
  if (na < 1e-6 || nb < 1e-6) return 0; // no rotation played (the source's zero quaternions)
  const dot = Math.abs(a[3] * b[3] + a[4] * b[4] + a[5] * b[5] + a[6] * b[6]) / (na * nb);
  return (2 * Math.acos(Math.min(1, dot)) * 180) / Math.PI;
}

// Without WebXR, Record is off and says why; a take stopped during its countdown is refused with a reason, and Record
// can begin again.
async function refusals(browser) {
  const plain = await browser.newPage();
  await plain.goto(`${server.origin}/index.html`);
  await plain.waitForTimeout(500);
  const button = await plain.evaluate(() => [document.getElementById('record').disabled, record.title]);
  expect(button[0] && /HTTPS/.test(button[1]), `without WebXR, Record is off: "${button[1]}"`);
  await plain.close();
  const page = await browser.newPage();
  await page.addInitScript({ path: join(here, 'webxr_emulation.js') });
  await page.goto(`${server.origin}/index.html`);
  await page.waitForFunction(() => !document.getElementById('record').disabled);
  await page.click('#record');
  await page.waitForFunction(() => window.xrEmulation.session?.callbacks.size > 0);
  await page.evaluate(() => xrEmulation.drive([{ time: 10, viewer: [0, 1.6, 0, 0, 0, 0, 1], hands: {} }]));
  await page.click('#record-stop');
  await page.waitForFunction(() => !document.getElementById('error').hidden);
  const said = await page.evaluate(() => [document.getElementById('error').textContent, record.disabled]);
  expect(/countdown/.test(said[0]) && !said[1], `Stop during the countdown: "${said[0]}", and Record is on again`);
  // Stop while the browser is still asking for the session: the session, once granted, ends at once.
  await page.evaluate(() => (xrEmulation.holding = true));
  await page.click('#record');
  await page.waitForFunction(() => window.xrEmulation.release);
  await page.click('#record-stop');
  await page.evaluate(() => xrEmulation.release());
  await page.waitForFunction(() => /before it began/.test(document.getElementById('error').textContent));
  const early = await page.evaluate(() => [xrEmulation.session.ended, record.disabled]);
  expect(early[0] && !early[1], 'Stop before the session began: it ends when granted, and Record is on again');
  await page.close();
}

// In a headset that three.js can draw into (the emulation's XRWebGLLayer, both eyes side by side on the page's canvas):
// the countdown, then the red REC and its time, float before each eye, and the hands recorded as dots; after Stop the
// view is the page's again.
async function inTheHeadset(browser) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.addInitScript('window.xrEmulationDrawable = true');
  await page.addInitScript({ path: join(here, 'webxr_emulation.js') });
  await page.goto(`${server.origin}/index.html`);
  await page.waitForFunction(() => !document.getElementById('record').disabled);
  await page.click('#record');
  await page.waitForFunction(() => window.xrEmulation.session?.callbacks.size >= 2); // the recorder's and three.js's
  const frame = (i, hands = {}) => ({ time: 1000 + (i * 1000) / RATE, viewer: [0, 1.6, 0, 0, 0, 0, 1], hands });
  const eyes = async (name, test) => {
    const shot = await page.screenshot({ path: process.env.VIEWER_SHOTS && join(process.env.VIEWER_SHOTS, name) });
    const image = decodePng(shot),
      h = image.height;
    return [0, 1].map((eye) =>
      countPixels(image, test, [(eye * image.width) / 2, 0, ((eye + 1) * image.width) / 2, h]),
    );
  };
  const white = ([r, g, b]) => r > 200 && g > 200 && b > 200,
    red = ([r, g, b]) => r > 200 && g < 130 && b < 130,
    dot = ([r, g, b]) => b > 200 && g > 170 && r > 120 && r < 190; // 0x9fd0ff
  await page.evaluate((frames) => xrEmulation.drive(frames), [frame(0), frame(1), frame(2)]);
  const countdown = await eyes('headset-countdown.png', white);
  expect(
    countdown.every((n) => n > 100),
    `in the headset, the countdown before each eye (${countdown} white pixels)`,
  );
  const { hands, viewer } = motion.find((m) => m.hands.left); // the recorded head and hands, which look at them
  const frames = Array.from({ length: 3 * RATE + 10 }, (_, i) =>
    i > 3 * RATE ? { ...frame(3 + i), viewer, hands } : frame(3 + i),
  );
  await page.evaluate((frames) => xrEmulation.drive(frames), frames);
  const running = await eyes('headset-recording.png', red);
  expect(
    running.every((n) => n > 100),
    `then the red REC and its time (${running} red pixels)`,
  );
  const dots = await eyes('headset-recording.png', dot);
  expect(
    dots.every((n) => n > 100),
    `and the hands recorded, as dots at their joints (${dots} pixels)`,
  );
  await page.click('#record-stop');
  await page.waitForFunction(() => window.inputanimViewer.loaded || window.inputanimViewer.error, null, {
    timeout: 60000,
  });
  const size = await page.evaluate(() => [window.viewer.canvas.width, window.viewer.canvas.height]);
  expect(size[0] === 1280 && size[1] > 0, `after Stop, the view is the page's again (${size.join(' x ')})`);
  await page.close();
}

// Ten minutes through the package's recorder (no viewer): the motion looped, the take's size, keys and memory. The
// runtime runs no frames without a layer, as the WebXR Device API says: the recorder alone gives its session one.
async function tenMinutes(browser) {
  const page = await browser.newPage();
  await page.addInitScript(() => (window.xrEmulationLayers = true));
  await page.addInitScript({ path: join(here, 'webxr_emulation.js') });
  await page.goto(`${server.origin}/index.html`);
  const result = await page.evaluate(
    async ({ motion, minutes }) => {
      const { InputAnimationRecorder } = await import('inputanim-three');
      const recorder = new InputAnimationRecorder({ countdown: 0 });
      await recorder.start();
      const period = motion[motion.length - 1].t + 1 / 90;
      let loops = Math.ceil((minutes * 60) / period),
        frameCount = 0;
      for (let loop = 0; loop < loops; loop++) {
        const frames = motion.map((m) => ({
          time: (loop * period + m.t) * 1000,
          viewer: m.viewer,
          hands: m.hands,
        }));
        await xrEmulation.drive(frames);
        frameCount += frames.length;
      }
      const take = await recorder.stop();
      return { frames: frameCount, bytes: take.bytes.byteLength, duration: take.duration, heap: recorder.heapBytes };
    },
    { motion, minutes: 10 },
  );
  const path = join(work, 'ten-minutes.bin');
  expect(result.duration >= 599, `ten minutes recorded: ${result.frames} frames, ${result.duration.toFixed(1)} s`);
  console.log(
    `     take: ${result.bytes} bytes; the library's memory after it: ${(result.heap / 2 ** 20).toFixed(0)} MiB`,
  );
  expect(result.heap <= 256 * 2 ** 20, 'the library held at most 256 MiB');
  await page.close();
  return path;
}

// A take in which no hand is ever tracked (controllers only) is written, and its result says so (no-hand-tracked); a
// take with hands says nothing of the kind (tenMinutes' is checked here too).
async function withoutHands(browser) {
  const page = await browser.newPage();
  await page.addInitScript(() => (window.xrEmulationLayers = true));
  await page.addInitScript({ path: join(here, 'webxr_emulation.js') });
  await page.goto(`${server.origin}/index.html`);
  const codes = await page.evaluate(async (motion) => {
    const { InputAnimationRecorder } = await import('inputanim-three');
    const take = async (hands) => {
      const recorder = new InputAnimationRecorder({ countdown: 0 });
      await recorder.start();
      await xrEmulation.drive(
        motion.slice(0, 90).map((m) => ({ time: m.t * 1000, viewer: m.viewer, hands: hands ? m.hands : {} })),
      );
      return (await recorder.stop()).messages.map((m) => m.code);
    };
    return { without: await take(false), with: await take(true) };
  }, motion);
  expect(codes.without.includes('no-hand-tracked'), `a take without hands says so (${codes.without})`);
  expect(!codes.with.includes('no-hand-tracked'), `a take with hands does not (${codes.with})`);
  await page.close();
}

rmSync(work, { recursive: true, force: true });
if (failures.length) {
  console.log(`${failures.length} failure(s)`);
  process.exit(1);
}
