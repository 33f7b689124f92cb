// The web viewer (the static folder scripts/build-viewer.sh makes) in headless Chromium. On a recording opened as
// .bin through the file picker (the library in WebAssembly converts it in the page): the documented state object,
// the timeline against `inputanim info --json`, each hand drawn where the recording puts it (pixels of the
// screenshot, projected with the page's camera) and hidden while untracked, the hands framed on load and by F, the
// floor under the head, the head camera view, frame stepping with arrow keys, a joint's pose on click, play, pause,
// and the download (plain, compressed, an IWER capture) byte-identical to `inputanim convert`. With a FOREIGN: a
// truncated .bin (an error, then the next file opens), a foreign glTF (its download the CLI's), a .gltf dropped
// with its buffer file, and ?src=.
// Usage: node viewer.mjs INPUTANIM SITE_DIR RECORDING.bin [FOREIGN.gltf]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { countPixels, countWorkers, decodePng, isLeftHand, isRightHand } from '../interop/viewer_site.mjs';
import { downloadVia, launchChromium, openVia as openFiles, serveSite } from '../interop/viewer_site.mjs';
import { checkAddressed } from './viewer_address.mjs';
import { checkDownloads } from './viewer_downloads.mjs';

const [tool, site, recording, foreign] = process.argv.slice(2);
const work = mkdtempSync(join(tmpdir(), 'inputanim-viewer-'));
const failures = [];
const expect = (ok, what) => {
  if (!ok) failures.push(what);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
};

// ---- the recording, as the native CLI reads it ----
const info = JSON.parse(execFileSync(tool, ['info', recording, '--json']));
const RATE = 120;
const csv = execFileSync(
  tool,
  ['sample', recording, '--rate', String(RATE), '--coordinates', 'gltf', '--select', 'camera,left,right'],
  { maxBuffer: 1 << 28 },
)
  .toString()
  .trim()
  .split('\n');
const header = csv[0].split(',');
const rows = csv.slice(1).map((line) => line.split(',').map(Number));
const column = (name) => header.indexOf(name);
const rowAt = (t) => rows[Math.round(t * RATE)];
const joint = (row, side, name) => ['px', 'py', 'pz'].map((c) => row[column(`${side}.${name}.${c}`)]);

// For each hand, the middle of its longest tracked interval, and a time where the left hand is not tracked,
// on a 1/20 s grid (short decimals, which the scrubber keeps as typed; rows of the 120 Hz samples).
const onGrid = (t) => Math.round(t * 20) / 20;
const trackedTime = (intervals) => {
  const longest = [...intervals].sort((a, b) => b[1] - b[0] - (a[1] - a[0]))[0];
  return longest && longest[1] - longest[0] > 0.2 ? onGrid((longest[0] + longest[1]) / 2) : null;
};
const leftUntracked =
  info.tracked.left.length && info.tracked.left[0][0] > 0.1
    ? Math.floor((info.tracked.left[0][0] / 2) * 20) / 20
    : null;

// ---- the site, and files to open by ?src= ----
const served = new Map(); // name -> path, for ?src=
const { origin, close } = await serveSite(site, served);
const browser = await launchChromium();

// `init`: a script run in the page before its own.
async function newPage(query = '', init = null) {
  const page = await browser.newPage({ viewport: { width: 1000, height: 760 }, acceptDownloads: true });
  await countWorkers(page);
  if (init) await page.addInitScript(init);
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') page.errors.push(message.text());
  });
  await page.goto(`${origin}/index.html${query}`);
  return page;
}
const frame = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
const download = (page) => downloadVia(page, '#download', work);

try {
  const page = await newPage();
  const state = await openFiles(page, recording);
  expect(
    state.error === null && state.loaded !== null,
    `${basename(recording)} opens as .bin (${state.error ?? 'loaded'})`,
  );
  const sections = ['camera', 'left', 'right', 'gaze'].filter(
    (s) => info.sections[s].present && info.sections[s].keys > 0,
  );
  expect(
    state.loaded.name === basename(recording) &&
      Math.abs(state.loaded.duration - info.duration) < 1e-9 &&
      JSON.stringify(state.loaded.sections) === JSON.stringify(sections) &&
      JSON.stringify(state.loaded.markers.map((m) => m.name)) === JSON.stringify(info.markers.map((m) => m.name)),
    `inputanimViewer.loaded: ${state.loaded.name}, ${state.loaded.duration} s, [${state.loaded.sections}], ${state.loaded.markers.length} markers (info: ${info.duration} s, [${sections}])`,
  );
  await page.waitForFunction(() => window.viewer.findings !== null, null, { timeout: 60000 });
  const findings = await page.evaluate(() => window.viewer.findings);
  expect(
    JSON.stringify(findings) === JSON.stringify(info.findings),
    `the page's findings are the checker's (${findings.length})`,
  );
  expect(page.errors.length === 0, `the page logs no error (${page.errors.join('; ')})`);

  // Timeline: the bands are the tracked and pinching intervals, the markers the recording's.
  const timeline = await page.evaluate(() => ({ bands: window.viewer.bands, markers: window.viewer.markers }));
  const near = (a, b) =>
    a.length === b.length && a.every(([s, e], i) => Math.abs(s - b[i][0]) < 1e-3 && Math.abs(e - b[i][1]) < 1e-3);
  const band = (label) => timeline.bands.find((b) => b.label === label)?.intervals ?? [];
  expect(
    near(band('L tracked'), info.tracked.left) && near(band('R tracked'), info.tracked.right),
    'tracked bands match info --json',
  );
  expect(
    near(band('L pinch'), info.pinching.left) && near(band('R pinch'), info.pinching.right),
    'pinch bands match info --json',
  );

  async function screenshotAt(time) {
    if (time !== null) await page.locator('#scrubber').fill(String(time)); // the scrubber, as a user drags it
    await frame(page);
    const view = await page.evaluate(() => ({
      time: window.viewer.time,
      projection: window.viewer.camera.projectionMatrix.elements,
      inverse: window.viewer.camera.matrixWorldInverse.elements,
      position: window.viewer.camera.position.toArray(),
    }));
    const png = await page.locator('#stage canvas').screenshot();
    writeFileSync(join(work, `viewer-${time}.png`), png);
    const image = decodePng(png);
    // Column-major 4x4 matrices: world -> view -> clip -> pixels of the screenshot.
    const apply = (m, [x, y, z, w]) => [0, 1, 2, 3].map((r) => m[r] * x + m[4 + r] * y + m[8 + r] * z + m[12 + r] * w);
    const project = (p) => {
      const [x, y, , w] = apply(view.projection, apply(view.inverse, [...p, 1]));
      return [((x / w + 1) / 2) * image.width, ((1 - y / w) / 2) * image.height];
    };
    return { view, image, project };
  }

  const box = (points, margin) => [
    Math.min(...points.map((p) => p[0])) - margin,
    Math.min(...points.map((p) => p[1])) - margin,
    Math.max(...points.map((p) => p[0])) + margin,
    Math.max(...points.map((p) => p[1])) + margin,
  ];

  const joints = ['Wrist', 'Palm', 'ThumbTip', 'IndexTip', 'MiddleTip', 'RingTip', 'PinkyTip'];
  for (const [side, isHand, other] of [
    ['left', isLeftHand, isRightHand],
    ['right', isRightHand, isLeftHand],
  ]) {
    const time = trackedTime(info.tracked[side]);
    if (time === null) continue;
    const shot = await screenshotAt(time);
    expect(Math.abs(shot.view.time - time) < 1e-3, `the scrubber seeks to ${time} s (viewer at ${shot.view.time})`);
    const row = rowAt(time);
    const points = joints.map((name) => shot.project(joint(row, side, name)));
    const [px, py] = shot.project(joint(row, side, 'Palm'));
    const atPalm = countPixels(shot.image, isHand, [px - 8, py - 8, px + 8, py + 8]);
    const [x0, y0, x1, y1] = box(points, 0),
      across = Math.max(x1 - x0, y1 - y0),
      margin = Math.max(20, 0.25 * across);
    const total = countPixels(shot.image, isHand),
      inside = countPixels(shot.image, isHand, box(points, margin));
    expect(
      atPalm >= 20,
      `${side} hand drawn at its palm (${px.toFixed(0)}, ${py.toFixed(0)}) at ${time} s: ${atPalm} of 256 pixels`,
    );
    expect(
      total > 200 && inside >= 0.95 * total,
      `${side} hand drawn only where its joints are: ${inside} of ${total} pixels in their box`,
    );
    expect(
      countPixels(shot.image, other, [px - 3, py - 3, px + 3, py + 3]) === 0,
      `${side} palm is not drawn in the other hand's colour`,
    );
    // Framed on load: the hand is large on screen, not a small figure (wrist to fingertips a seventh of the height at least; two hands apart share the width).
    expect(
      across > shot.image.height / 7 &&
        points.every(([x, y]) => x > 0 && y > 0 && x < shot.image.width && y < shot.image.height),
      `${side} hand framed on load: ${Math.round(across)} pixels across, inside the view`,
    );
  }
  if (leftUntracked !== null) {
    const hidden = await screenshotAt(leftUntracked);
    expect(countPixels(hidden.image, isLeftHand) < 10, `left hand hidden while untracked at ${leftUntracked} s`);
  }

  // The floor, 1.6 m under the head's median height.
  const heads = rows.map((r) => r[column('camera.py')]).sort((a, b) => a - b);
  const floorHeight = await page.evaluate(() => window.viewer.floorHeight);
  expect(
    Math.abs(floorHeight - (heads[heads.length >> 1] - 1.6)) < 0.02,
    `floor at ${floorHeight.toFixed(3)} m, 1.6 m under the head (median ${heads[heads.length >> 1].toFixed(3)} m)`,
  );

  // Arrow keys step one recorded frame; Shift ten.
  const side = info.tracked.left.length ? 'left' : 'right';
  const stepTime = trackedTime(info.tracked[side]);
  await page.locator('#scrubber').fill(String(stepTime));
  await page.locator('#scrubber').blur();
  const frameStep = await page.evaluate(() => window.viewer.frameStep);
  await page.keyboard.press('ArrowRight');
  const stepped = await page.evaluate(() => window.viewer.time);
  await page.keyboard.press('Shift+ArrowLeft');
  const back = await page.evaluate(() => window.viewer.time);
  expect(
    frameStep > 1 / 200 &&
      frameStep < 1 / 20 &&
      Math.abs(stepped - (Math.round(stepTime / frameStep) + 1) * frameStep) < 1e-6 &&
      Math.abs(back - (Math.round(stepTime / frameStep) - 9) * frameStep) < 1e-6,
    `arrow keys step frames of ${(frameStep * 1000).toFixed(2)} ms (${stepTime} -> ${stepped.toFixed(4)} -> ${back.toFixed(4)} s)`,
  );

  // F frames the hands at the current time; a click on a joint shows its name and pose.
  await page.keyboard.press('KeyF');
  const framed = await screenshotAt(null);
  const time = await page.evaluate(() => window.viewer.time);
  const tipRow = rowAt(time);
  const tip = joint(tipRow, side, 'IndexTip');
  const [tx, ty] = framed.project(tip);
  const points = joints.map((name) => framed.project(joint(tipRow, side, name)));
  const [bx0, by0, bx1, by1] = box(points, 0);
  expect(
    Math.max(bx1 - bx0, by1 - by0) > framed.image.height / 5,
    `F frames the ${side} hand: ${Math.round(Math.max(bx1 - bx0, by1 - by0))} pixels across`,
  );
  const canvas = await page.locator('#stage canvas').boundingBox();
  await page.mouse.click(
    canvas.x + tx * (canvas.width / framed.image.width),
    canvas.y + ty * (canvas.height / framed.image.height),
  );
  const picked = await page.evaluate(() => ({
    name: window.viewer.selectedJoint,
    text: document.getElementById('joint').textContent,
  }));
  const numbers =
    picked.text
      .split('\n')[1]
      ?.match(/-?\d+\.\d+/g)
      ?.map(Number) ?? [];
  const expectedName = `Hand_${side === 'left' ? 'Left' : 'Right'}_IndexTip`;
  expect(
    picked.name === expectedName && numbers.length === 3 && numbers.every((v, i) => Math.abs(v - tip[i]) < 2e-4),
    `a click on the index tip shows ${picked.name} at (${numbers}) (sample: ${tip.map((v) => v.toFixed(4))})`,
  );

  // V looks through the recorded head: the page's camera is where the recording's camera is.
  await page.keyboard.press('KeyV');
  await frame(page);
  const headView = await page.evaluate(() => ({
    on: window.viewer.headView,
    position: window.viewer.camera.position.toArray(),
  }));
  const headAt = ['px', 'py', 'pz'].map((c) => tipRow[column(`camera.${c}`)]);
  expect(
    headView.on && headView.position.every((v, i) => Math.abs(v - headAt[i]) < 1e-3),
    `V: the view is the recorded head's at (${headView.position.map((v) => v.toFixed(3))}) (sample: ${headAt.map((v) => v.toFixed(3))})`,
  );
  await page.keyboard.press('KeyV');

  // Play and pause.
  await page.locator('#scrubber').fill('0');
  await page.click('#play');
  // Until it has played a while: a busy machine starts drawing late.
  await page.waitForFunction(() => window.viewer.time > 0.2, null, { timeout: 30000 }).catch(() => {});
  const playing = await page.evaluate(() => window.viewer.time);
  await page.click('#play');
  const paused = await page.evaluate(() => window.viewer.time);
  await page.waitForTimeout(200);
  expect(
    playing > 0.2 && playing < 5 && paused === (await page.evaluate(() => window.viewer.time)),
    `play advances (${playing.toFixed(3)} s) and pause holds`,
  );

  // Nothing is rendered while nothing changes; reopening a file leaves the GPU holding what one open holds.
  const idle = await page.evaluate(() => window.viewer.frames);
  await page.waitForTimeout(300);
  const idleAfter = await page.evaluate(() => window.viewer.frames);
  expect(idleAfter === idle, `paused and untouched, the page renders nothing (${idleAfter - idle} frames in 300 ms)`);
  // Measured at one time: what is drawn (the gaze ray only while it has a direction) is what three.js uploads.
  const memoryAt = (t) =>
    page.evaluate((time) => {
      window.viewer.seek(time);
      return window.viewer.memory;
    }, t);
  const memoryOnce = await memoryAt(info.duration / 2);
  await openFiles(page, recording);
  await openFiles(page, recording);
  const memoryAgain = await memoryAt(info.duration / 2);
  expect(
    memoryAgain.geometries === memoryOnce.geometries && memoryAgain.textures === memoryOnce.textures,
    `opening the file twice more keeps ${memoryOnce.geometries} geometries and ${memoryOnce.textures} textures (now ${memoryAgain.geometries}, ${memoryAgain.textures})`,
  );

  await checkDownloads(page, { download, expect, recording, tool, work });

  // Edits through the Edit panel: trim to 1-4 s, then mirror; each opens as a new recording in the worker of the one
  // edited (no worker started), and Save .bin is what `inputanim trim` and `inputanim mirror` write, byte for byte;
  // Back to the original reopens the file.
  const base = basename(recording).replace(/\.bin$/, '');
  const editOpens = async (button, name) => {
    await page.click(button);
    await page.waitForFunction((n) => window.inputanimViewer.loaded?.name === n || window.inputanimViewer.error, name, {
      timeout: 60000,
    });
    return page.evaluate(() => window.inputanimViewer);
  };
  const saveBin = () => downloadVia(page, '#save-bin', work);
  await page.click('#edit-toggle');
  await page.fill('#trim-start', '1');
  await page.fill('#trim-end', '4');
  const startedBefore = await page.evaluate(() => window.workersStarted);
  const trimmedState = await editOpens('#trim', `${base}-trimmed.bin`);
  const trimmed = await saveBin();
  execFileSync(tool, ['trim', recording, join(work, 'cli-trimmed.bin'), '--start', '1', '--end', '4', '-q', '--force']);
  expect(
    trimmedState.loaded?.duration === 3 && trimmed.bytes.equals(readFileSync(join(work, 'cli-trimmed.bin'))),
    `Edit > Trim 1-4 s opens ${trimmedState.loaded?.name ?? trimmedState.error} (${trimmedState.loaded?.duration} s); Save .bin is \`inputanim trim\`'s, byte-identical`,
  );
  const mirroredState = await editOpens('#mirror', `${base}-trimmed-mirrored.bin`);
  const mirrored = await saveBin();
  execFileSync(tool, ['mirror', join(work, 'cli-trimmed.bin'), join(work, 'cli-mirrored.bin'), '-q', '--force']);
  const started = (await page.evaluate(() => window.workersStarted)) - startedBefore;
  expect(
    mirroredState.loaded !== null && mirrored.bytes.equals(readFileSync(join(work, 'cli-mirrored.bin'))) && !started,
    `then Mirror opens ${mirroredState.loaded?.name ?? mirroredState.error}; Save .bin is \`inputanim mirror\`'s, byte-identical; the edits started ${started} workers`,
  );
  const reverted = await editOpens('#revert', basename(recording));
  expect(
    reverted.loaded?.duration === info.duration,
    `Back to the original reopens ${reverted.loaded?.name ?? reverted.error}`,
  );
  await page.click('#edit-toggle');
  expect(page.errors.length === 0, `no console errors after all that (${page.errors.join('; ')})`);

  if (foreign) {
    // A truncated recording: a clear error on the page naming the file, never an endless "loading".
    const truncated = join(work, 'truncated.bin');
    writeFileSync(truncated, readFileSync(recording).subarray(0, 1000));
    const cliError = (() => {
      try {
        execFileSync(tool, ['info', truncated], { stdio: 'pipe' });
        return '';
      } catch (e) {
        return e.stderr.toString();
      }
    })();
    const failed = await openFiles(page, truncated);
    const banner = await page.evaluate(() => ({
      shown: !document.getElementById('error').hidden,
      text: document.getElementById('error').textContent,
    }));
    expect(
      failed.loaded === null && failed.error?.includes('truncated.bin') && banner.shown && banner.text === failed.error,
      `a truncated .bin shows an error on the page: "${failed.error}"`,
    );
    expect(
      cliError.includes(failed.error.slice(failed.error.indexOf(': ') + 2)),
      `the same error as the CLI's: ${cliError.trim()}`,
    );

    // A foreign glTF (Godot's hand, via Blender): plays, and its download is the CLI's .bin, byte for byte.
    const opened = await openFiles(page, foreign);
    const foreignInfo = JSON.parse(execFileSync(tool, ['info', foreign, '--json']));
    expect(
      opened.error === null && Math.abs(opened.loaded.duration - foreignInfo.duration) < 1e-9,
      `a foreign glTF opens after the error: ${opened.loaded?.duration} s, [${opened.loaded?.sections}]`,
    );
    const bin = await download(page);
    execFileSync(tool, ['convert', foreign, join(work, 'cli.bin'), '-q', '--force']);
    expect(
      bin.name.endsWith('.bin') && bin.bytes.equals(readFileSync(join(work, 'cli.bin'))),
      `its download ${bin.name} is the CLI's conversion, byte-identical`,
    );
    // Its animations offered by name; choosing another opens that one, as `convert --animation`.
    const choices = await page.locator('#animation option').count();
    await page.selectOption('#animation', '1');
    await page.waitForFunction(() => window.inputanimViewer.loaded || window.inputanimViewer.error);
    const chosen = await download(page);
    execFileSync(tool, ['convert', foreign, join(work, 'cli-1.bin'), '-q', '--force', '--animation', '1']);
    expect(
      choices === foreignInfo.input.animations.length && chosen.bytes.equals(readFileSync(join(work, 'cli-1.bin'))),
      `${choices} animations offered; choosing the second downloads \`convert --animation 1\`'s .bin, byte-identical`,
    );

    // A file chosen while another still opens: the first is abandoned (aborted), the second is what shows.
    await page.setInputFiles('#file', recording);
    const replacing = await openFiles(page, foreign);
    await page.waitForTimeout(1000);
    const settled = await page.evaluate(() => window.inputanimViewer);
    expect(
      replacing.loaded?.name === basename(foreign) &&
        settled.loaded?.name === basename(foreign) &&
        settled.error === null,
      `a file chosen while another opens replaces it: ${settled.loaded?.name ?? settled.error}`,
    );

    // A .gltf with its buffer in a file beside it, both dropped (picked) together.
    execFileSync(tool, ['convert', recording, join(work, 'separate.gltf'), '-q', '--force']);
    const both = await openFiles(page, [join(work, 'separate.bin'), join(work, 'separate.gltf')]);
    expect(
      both.error === null && Math.abs(both.loaded.duration - info.duration) < 1e-9,
      `a .gltf opens with its .bin (${both.error ?? both.loaded.duration + ' s'})`,
    );
    const alone = await openFiles(page, join(work, 'separate.gltf'));
    expect(
      alone.loaded === null && /separate\.bin/.test(alone.error ?? ''),
      `a .gltf without its .bin says which file is missing: "${alone.error}"`,
    );
    // The browser logs the request for the missing buffer (a 404); nothing else may be logged.
    const logged = page.errors.filter((e) => !/^Failed to load resource: .* 404/.test(e));
    expect(
      logged.length === 0,
      `no console errors on bad files but the missing buffer's request (${logged.join('; ')})`,
    );

    await checkAddressed({ newPage, served, expect, recording, tool, work, duration: info.duration });
  }
} finally {
  await browser.close();
  close();
}
if (failures.length === 0) rmSync(work, { recursive: true, force: true });
else console.log(`screenshots kept in ${work}`);
console.log(`viewer: ${failures.length === 0 ? 'all passed' : failures.length + ' failed'}`);
process.exit(failures.length === 0 ? 0 : 1);
