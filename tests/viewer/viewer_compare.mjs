// The viewer's compare mode in headless Chromium: a recording (A) and the same with its left hand replaced by the
// mirror of its right (B: `inputanim mirror`, then `merge --left`), opened by ?src=A&compare=B and by choosing both at
// once. Checked against the CLI: the page's diff is `inputanim diff A B --json`'s (spans, worst moments, figures);
// the ghost is drawn (pixels of its colour); a click on the timeline's row of differences seeks to the span's worst
// moment and selects its joint, whose readout gives A's and B's distance as `inputanim sample` of the two files gives
// it, and in Unity's coordinates (U); the address holds the moment (time, joint, view) and restores it; the keys to
// markers and switches land on them, L loops between markers, the marker list and a drag along the timeline (its
// loop restored from the address); ending the comparison frees B's GPU resources; a part of A compared (the CLI's
// --start --end), kept in the address. A phone-sized page with touch: nothing wider than the screen, the status line
// whole, a tap on the timeline seeks, one finger turns the view and two zoom it.
// Usage: node viewer_compare.mjs INPUTANIM SITE_DIR RECORDING.bin
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  countPixels,
  decodePng,
  downloadVia,
  isLeftHand,
  isRightHand,
  launchChromium,
  serveSite,
  touchOrbit,
} from '../interop/viewer_site.mjs';

const [tool, site, recording] = process.argv.slice(2);
const work = mkdtempSync(join(tmpdir(), 'inputanim-compare-'));
const failures = [];
const expect = (ok, what) => {
  if (!ok) failures.push(what);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
};
const mirrored = join(work, 'left-mirrored.bin');
execFileSync(tool, ['mirror', recording, join(work, 'mirror.bin'), '-q']);
execFileSync(tool, ['merge', mirrored, '--base', recording, '--left', join(work, 'mirror.bin'), '-q']);
const cli = JSON.parse(spawnSync(tool, ['diff', recording, mirrored, '--json']).stdout); // exit 5: they differ
const later = join(work, 'later.bin'); // the recording half a second later
execFileSync(tool, ['shift', recording, later, '--by', '0.5', '-q']);
const cliLater = JSON.parse(spawnSync(tool, ['diff', recording, later, '--json']).stdout);
const { hands } = JSON.parse(execFileSync(tool, ['profile'])).nodes; // the profile's node names
// The same numbers, but for the last bits, which the WebAssembly build's maths library may round otherwise.
const close = (x, y) =>
  typeof x === 'number' ? Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(y)) : JSON.stringify(x) === JSON.stringify(y);
const alike = (x, y) =>
  Array.isArray(x)
    ? Array.isArray(y) && x.length === y.length && x.every((v, i) => alike(v, y[i]))
    : x && typeof x === 'object'
      ? Object.keys(y).every((k) => k === 'a' || k === 'b' || alike(x[k], y[k]))
      : close(x, y);
// A joint's position in glTF's (or Unity's) coordinates at `time`, as `inputanim sample` gives it.
function position(file, pose, time, coordinates = 'gltf') {
  writeFileSync(join(work, 'times.txt'), `${time}\n`);
  const args = ['--times', join(work, 'times.txt'), '--coordinates', coordinates, '--select', pose, '--format', 'json'];
  const [frame] = JSON.parse(execFileSync(tool, ['sample', file, ...args])).frames;
  const [side, joint] = pose.split('.');
  return frame[side].joints[joint].position;
}
const isGhost = ([r, g, b]) => g > r + 25 && g > b + 10 && g > 70; // compare.js's pale green, blended

// Compare mode over a part of A typed in (a quarter to a half of the recording): the page's figures, the CLI's with
// --start --end; the address that keeps it, and what a page opened at that address shows; an end before the start.
async function compareWindow(page) {
  const duration = await page.evaluate(() => window.viewer.duration);
  const [from, to] = [duration / 4, duration / 2].map((t) => t.toFixed(3));
  await page.fill('#compare-start', from);
  await page.fill('#compare-end', to);
  await page.locator('#compare-end').dispatchEvent('change');
  await page.waitForFunction((t) => window.viewer.diff?.end === Number(t), to, { timeout: 60000 });
  await page.waitForFunction(() => /compared=/.test(location.hash));
  const [typed, hash, status] = await page.evaluate(() => [
    window.inputanimViewer.compare,
    location.hash,
    document.getElementById('status').textContent,
  ]);
  // With every compare field showing, the header's controls wrap rather than leave the window, at any width.
  const outside = [];
  for (const width of [1280, 1600]) {
    await page.setViewportSize({ width, height: 760 });
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('header > :not([hidden])')]
        .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5 || e.getBoundingClientRect().height > 40)
        .map((e) => e.id || e.textContent.trim().slice(0, 20)),
    );
    outside.push(...cut.map((id) => `${id} at ${width} px`));
  }
  await page.setViewportSize({ width: 1000, height: 760 });
  const args = ['diff', recording, later, '--start', from, '--end', to, '--json'];
  const cli = JSON.parse(spawnSync(tool, args).stdout);
  const again = await browser.newPage({ viewport: { width: 1000, height: 760 } });
  await again.goto(`${server.origin}/index.html?src=a.bin&compare=later.bin${hash}`);
  await again.waitForFunction(() => window.inputanimViewer.compare, null, { timeout: 120000 });
  const [reopened, restored] = await again.evaluate(() => [
    window.inputanimViewer.compare,
    ['compare-start', 'compare-end'].map((id) => Number(document.getElementById(id).value).toFixed(3)),
  ]);
  await again.close();
  await page.fill('#compare-start', to);
  await page.fill('#compare-end', from);
  await page.locator('#compare-end').dispatchEvent('change');
  await page.waitForFunction(() => window.inputanimViewer.error, null, { timeout: 60000 });
  const backwards = await page.evaluate(() => window.inputanimViewer.error);
  return { typed, hash, status, cli, reopened, restored, backwards, range: `${from},${to}`, outside };
}

const server = await serveSite(
  site,
  new Map([
    ['a.bin', recording],
    ['b.bin', mirrored],
    ['later.bin', later],
  ]),
);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 760 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.origin}/index.html?src=a.bin&compare=b.bin`);
  await page.waitForFunction(() => window.viewer.diff || window.inputanimViewer.error, null, { timeout: 120000 });
  const diff = await page.evaluate(() => window.viewer.diff);
  const summary = await page.evaluate(() => window.inputanimViewer.compare);
  expect(
    diff && JSON.stringify(diff.differs) === JSON.stringify(cli.differs) && alike(diff, cli),
    `?src=a.bin&compare=b.bin: the page's diff is \`inputanim diff --json\`'s (${cli.differs.length} spans, max ${(cli.maxPosition * 1000).toFixed(2)} mm)`,
  );
  expect(
    summary?.name === 'b.bin' &&
      summary.within === cli.within &&
      close(summary.maxPosition, cli.maxPosition) &&
      close(summary.maxRotation, cli.maxRotation) &&
      JSON.stringify(summary.spans) === JSON.stringify(cli.differs),
    `window.inputanimViewer.compare: ${JSON.stringify(summary).slice(0, 120)}`,
  );

  // The ghost: pixels of its colour where B's hands are, at the worst moment of the first span a hand joint leads.
  const span = cli.worst.findIndex((w) => /^(left|right)\./.test(w.pose));
  const [start, end] = cli.differs[span] ?? [0, 0];
  const { time, pose } = cli.worst[span] ?? { time: 0, pose: 'left.Wrist' };
  expect(span >= 0, `a span whose worst pose is a hand joint: ${pose}`);
  await page.evaluate((t) => window.viewer.seek(t), time);
  const ghost = countPixels(decodePng(await page.screenshot()), isGhost);
  expect(ghost > 300, `the ghost is drawn at ${time.toFixed(3)} s: ${ghost} pixels of its colour`);

  // A click on the row of differences, in the middle of that span: its worst moment and joint.
  const box = await page.locator('#bands').boundingBox();
  const rows = await page.evaluate(() => window.viewer.bands.length + 1);
  const duration = await page.evaluate(() => window.viewer.duration);
  await page.mouse.click(
    box.x + (((start + end) / 2) * box.width) / duration,
    box.y + 14 + (rows - 0.5) * ((box.height - 14) / rows),
  );
  const picked = await page.evaluate(() => ({ time: window.viewer.time, joint: window.viewer.selectedJoint }));
  const [side, joint] = pose.split('.');
  const node = `${hands[side[0].toUpperCase() + side.slice(1)]}_${joint}`;
  expect(
    Math.abs(picked.time - time) < 1e-9 && picked.joint === node,
    `a click on the span ${start.toFixed(2)}-${end.toFixed(2)} s seeks to its worst moment ${picked.time.toFixed(3)} s and selects ${picked.joint} (${pose})`,
  );
  const readout = await page.evaluate(() => window.viewer.readout);
  const shown = Number(/A - B\s+([0-9.]+) mm/.exec(readout)?.[1]);
  const [pa, pb] = [position(recording, pose, picked.time), position(mirrored, pose, picked.time)];
  const apart = Math.hypot(...pa.map((v, i) => v - pb[i])) * 1000;
  expect(
    Math.abs(shown - apart) < 0.002,
    `the readout's A - B is ${shown} mm (\`sample\` of both: ${apart.toFixed(4)} mm)`,
  );

  // U: the readout in Unity's coordinates, as `sample --coordinates unity` gives them.
  await page.keyboard.press('KeyU');
  await page.waitForFunction(
    () => /Unity's/.test(window.viewer.readout) && !/position {2}\.\.\./.test(window.viewer.readout),
  );
  const unityText = await page.evaluate(() => window.viewer.readout);
  await page.keyboard.press('KeyU');
  const unity = /position\s+(\S+)\s+(\S+)\s+(\S+) m/.exec(unityText).slice(1).map(Number);
  const expected = position(recording, pose, picked.time, 'unity');
  expect(
    unity.every((v, i) => Math.abs(v - expected[i]) < 6e-5) && Math.abs(unity[0] + pa[0]) < 6e-5,
    `U shows Unity's coordinates: (${unity}) (\`sample --coordinates unity\`: ${expected.map((v) => v.toFixed(4))}; x mirrored)`,
  );

  // The moment in the address: time and joint, and the head view after V; a new page opened at it shows them again.
  await page.keyboard.press('KeyV');
  await page.waitForFunction(
    (t) => location.hash.startsWith(`#t=${t}`) && /view=head/.test(location.hash),
    time.toFixed(3),
  );
  const hash = await page.evaluate(() => location.hash);
  await page.click('#copy-link');
  // The status says so once the clipboard has answered (or refused: then it shows the link).
  await page.waitForFunction(() => /#t=/.test(document.getElementById('status').textContent));
  const copied = await page.locator('#status').textContent();
  const reopened = await browser.newPage({ viewport: { width: 1000, height: 760 } });
  await reopened.goto(`${server.origin}/index.html?src=a.bin${hash}`);
  await reopened.waitForFunction(() => window.viewer.loaded, null, { timeout: 60000 });
  const restored = await reopened.evaluate(() => [
    window.viewer.time,
    window.viewer.selectedJoint,
    window.viewer.headView,
  ]);
  await reopened.close();
  expect(
    hash === `#t=${time.toFixed(3)}&joint=${pose}&view=head` &&
      Math.abs(restored[0] - Number(time.toFixed(3))) < 1e-9 &&
      restored[1] === node &&
      restored[2] === true &&
      copied.includes(hash),
    `the address holds ${hash}, Copy link gives it ("${copied.slice(0, 60)}..."), and opening it restores ${restored.join(', ')}`,
  );
  await page.keyboard.press('KeyV');

  // Keys: ] and [ to the next and previous marker, . and , to the next and previous state switch, ? lists them.
  const markers = (await page.evaluate(() => window.viewer.markers)).map((m) => m.time);
  const switches = [...new Set(JSON.parse(execFileSync(tool, ['info', recording, '--json'])).tracked.left.flat())];
  const landed = [];
  for (const [key, from] of [
    ['BracketRight', 0],
    ['BracketLeft', markers[1] ?? 0],
    ['Period', 0],
  ]) {
    await page.evaluate((t) => window.viewer.seek(t), from);
    await page.keyboard.press(key);
    landed.push(await page.evaluate(() => window.viewer.time));
  }
  await page.keyboard.press('Shift+Slash');
  const help = await page.evaluate(() => !document.getElementById('help').hidden);
  await page.keyboard.press('Shift+Slash');
  expect(
    landed[0] === Math.min(...markers.filter((t) => t > 0)) &&
      landed[1] === markers[0] &&
      landed[2] <= Math.min(...switches.filter((t) => t > 0)) &&
      landed[2] > 0 &&
      help,
    `] from 0 s: ${landed[0]} (first marker), [ from the second: ${landed[1]}, . from 0 s: ${landed[2]} (a switch; left's first: ${switches}), ? shows the keys`,
  );

  // L: a loop between the markers around the playhead; playing stays inside it (1.7 s of play over a 1.2 s range).
  await page.evaluate(() => window.viewer.seek(1.5));
  await page.keyboard.press('KeyL');
  const loop = await page.evaluate(() => window.viewer.loop);
  await page.evaluate(() => window.viewer.play());
  const times = [];
  for (let i = 0; i < 12; i++)
    times.push(await page.evaluate(() => new Promise((r) => setTimeout(() => r(window.viewer.time), 150))));
  await page.evaluate(() => window.viewer.pause());
  await page.keyboard.press('KeyL');
  const [m0, m1] = markers
    .filter((t) => t <= 1.5)
    .slice(-1)
    .concat(markers.filter((t) => t > 1.5).slice(0, 1));
  expect(
    loop?.[0] === m0 &&
      loop?.[1] === m1 &&
      times.every((t) => t >= m0 && t <= m1) &&
      times.some((t, i) => i && t < times[i - 1]) &&
      (await page.evaluate(() => window.viewer.loop)) === null,
    `L at 1.5 s loops ${loop} (the markers ${m0} and ${m1}); playing stays in it and wraps (${times.map((t) => t.toFixed(2))}); L again ends it`,
  );

  // The marker list goes to the marker chosen; a drag along the timeline loops the range dragged over, which the
  // address keeps and a page opened at it restores.
  await page.selectOption('#markers', String(markers[1]));
  const chosen = await page.evaluate(() => window.viewer.time);
  const xAt = (t) => box.x + (t / duration) * box.width;
  await page.mouse.move(xAt(0.25 * duration), box.y + 8);
  await page.mouse.down();
  await page.mouse.move(xAt(0.4 * duration), box.y + 8, { steps: 4 });
  await page.mouse.move(xAt(0.5 * duration), box.y + 8, { steps: 4 });
  await page.mouse.up();
  const dragged = await page.evaluate(() => window.viewer.loop);
  const dragText = `loop=${dragged[0].toFixed(3)}-${dragged[1].toFixed(3)}`;
  await page.waitForFunction((text) => location.hash.includes(text), dragText);
  const loopHash = await page.evaluate(() => location.hash);
  const again = await browser.newPage({ viewport: { width: 1000, height: 760 } });
  await again.goto(`${server.origin}/index.html?src=a.bin${loopHash}`);
  await again.waitForFunction(() => window.viewer.loaded, null, { timeout: 60000 });
  const reloop = await again.evaluate(() => window.viewer.loop);
  await again.close();
  const pixel = duration / box.width;
  expect(
    chosen === markers[1] &&
      Math.abs(dragged[0] - 0.25 * duration) <= pixel &&
      Math.abs(dragged[1] - 0.5 * duration) <= pixel &&
      reloop?.every((t, i) => Math.abs(t - dragged[i]) <= 5e-4),
    `the marker list goes to ${chosen} (${markers[1]}); a drag over 25-50% loops ${dragged} (${pixel.toFixed(4)} s a pixel), ${loopHash} restores ${reloop}`,
  );
  await page.keyboard.press('KeyL');

  // Save picture: a PNG of the view, named after the file and the time; Save clip: a WebM of the loop range, played
  // once (the loop between the markers around 1.5 s), named after it.
  await page.evaluate(() => window.viewer.seek(2));
  const picture = await downloadVia(page, '#save-picture', work);
  const shot = decodePng(picture.bytes);
  const canvasSize = await page.evaluate(() => [window.viewer.canvas.width, window.viewer.canvas.height]);
  await page.evaluate(() => window.viewer.seek(1.5));
  await page.keyboard.press('KeyL');
  const clipLoop = await page.evaluate(() => window.viewer.loop);
  const clip = await downloadVia(page, '#save-clip', work);
  const stopped = await page.evaluate(() => [window.viewer.time, window.viewer.playing]);
  await page.keyboard.press('KeyL');
  expect(
    picture.name === 'a-2.000s.png' &&
      shot.width === canvasSize[0] &&
      shot.height === canvasSize[1] &&
      countPixels(shot, isLeftHand) > 200 &&
      countPixels(shot, isRightHand) > 200,
    `Save picture: ${picture.name}, ${shot.width} x ${shot.height} (the view ${canvasSize}), both hands in it`,
  );
  expect(
    clip.name === `a-${clipLoop[0].toFixed(3)}-${clipLoop[1].toFixed(3)}s.webm` &&
      clip.bytes.subarray(0, 4).toString('hex') === '1a45dfa3' &&
      clip.bytes.length > 4000 && // frames, not a header alone (a few hundred bytes)
      stopped[0] === clipLoop[1] &&
      !stopped[1],
    `Save clip: ${clip.name}, ${clip.bytes.length} bytes of WebM (EBML), stopped at the loop's end (${stopped})`,
  );

  // End compare: B leaves the GPU.
  await page.click('#compare-close');
  const after = await page.evaluate(() => window.viewer.compared);
  const alone = await page.evaluate(() => window.viewer.memory);
  expect(after === null, `End compare closes B (${after})`);

  // Dropping (choosing) two recordings: the first opens, the second is compared with it.
  await page.setInputFiles('#file', [recording, mirrored]);
  await page.waitForFunction((n) => window.viewer.compared === n && window.viewer.diff, basename(mirrored), {
    timeout: 120000,
  });
  const twice = await page.evaluate(() => window.viewer.diff.differs);
  expect(
    JSON.stringify(twice) === JSON.stringify(cli.differs),
    `two files chosen at once: the second is compared with the first`,
  );
  await page.click('#compare-close');
  const memory = await page.evaluate((t) => (window.viewer.seek(t), window.viewer.memory), time); // A drawn as before
  expect(
    memory.geometries === alone.geometries && memory.textures === alone.textures,
    `with B closed, the GPU holds what A alone holds (${memory.geometries} geometries, ${memory.textures} textures; before: ${alone.geometries}, ${alone.textures})`,
  );

  // An offset from the address (#offset=0.500): the recording half a second later matches; typed back to 0, the diff
  // is `inputanim diff`'s without one.
  const shifted = await browser.newPage({ viewport: { width: 1000, height: 760 } });
  shifted.on('pageerror', (error) => errors.push(error.message));
  await shifted.goto(`${server.origin}/index.html?src=a.bin&compare=later.bin#t=1.000&offset=0.500`);
  await shifted.waitForFunction(() => window.inputanimViewer.compare, null, { timeout: 120000 });
  const atOffset = await shifted.evaluate(() => window.inputanimViewer.compare);
  await shifted.fill('#compare-offset', '0');
  await shifted.locator('#compare-offset').dispatchEvent('change');
  await shifted.waitForFunction(() => window.inputanimViewer.compare?.within === false, null, { timeout: 60000 });
  await shifted.waitForFunction(() => !/offset=/.test(location.hash)); // the address follows a quarter second later
  const atZero = await shifted.evaluate(() => [window.inputanimViewer.compare, location.hash]);
  const windowed = await compareWindow(shifted);
  await shifted.close();
  expect(
    atOffset.within &&
      atOffset.spans.length === 0 &&
      JSON.stringify(atZero[0].spans) === JSON.stringify(cliLater.differs) &&
      close(atZero[0].maxPosition, cliLater.maxPosition) &&
      !/offset=/.test(atZero[1]),
    `#offset=0.500: B half a second later is within tolerance (${atOffset.spans.length} spans); at 0 the diff is \`inputanim diff\`'s (${cliLater.differs.length} spans, max ${(cliLater.maxPosition * 1000).toFixed(1)} mm)`,
  );

  expect(
    windowed.typed.within === windowed.cli.within &&
      JSON.stringify(windowed.typed.spans) === JSON.stringify(windowed.cli.differs) &&
      close(windowed.typed.maxPosition, windowed.cli.maxPosition) &&
      windowed.hash.includes(`compared=${windowed.range}`) &&
      windowed.restored.every((v, i) => v === windowed.range.split(',')[i]) &&
      JSON.stringify(windowed.reopened.spans) === JSON.stringify(windowed.cli.differs) &&
      / over /.test(windowed.status) &&
      /not a finite interval/.test(windowed.backwards),
    `compared from ${windowed.range} s (typed): \`diff --start --end\`'s ${windowed.cli.differs.length} spans ("${windowed.status.split('against ')[1]}"); #compared=${windowed.range} restores it (${windowed.restored}); an end before the start: "${windowed.backwards}"`,
  );

  expect(
    windowed.outside.length === 0,
    `comparing, the header's controls all show, none cut off or wrapped inside (${windowed.outside.join(', ') || 'at 1280 and 1600 px'})`,
  );

  // A phone: nothing is wider than the screen, the status line shows whole, and a tap on the timeline seeks.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  phone.on('pageerror', (error) => errors.push(error.message));
  await phone.goto(`${server.origin}/index.html?src=a.bin`);
  await phone.waitForFunction(() => window.viewer.loaded, null, { timeout: 60000 });
  const bands = await phone.locator('#bands').boundingBox();
  await phone.touchscreen.tap(bands.x + bands.width / 2, bands.y + 30);
  const layout = await phone.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    status: document.getElementById('status').scrollHeight <= document.getElementById('status').clientHeight + 1,
    time: window.viewer.time / window.viewer.duration,
  }));
  if (process.env.VIEWER_SHOTS) await phone.screenshot({ path: join(process.env.VIEWER_SHOTS, 'phone.png') });
  const gestures = await touchOrbit(phone);
  await phone.close();
  expect(
    gestures.turned > 5 && gestures.pinchAngle < 0.01 && gestures.pinchMoved > 0.01 && gestures.closer,
    `on the phone, one finger turns the view (${gestures.turned.toFixed(1)} degrees) and two fingers spread zoom in along the line of sight (${gestures.pinchMoved.toFixed(3)} m closer, the view turned ${gestures.pinchAngle.toFixed(4)} degrees)`,
  );
  expect(
    layout.width <= 390 && layout.status && bands.width >= 350 && Math.abs(layout.time - 0.5) < 0.01,
    `a 390 px phone: the page is ${layout.width} px wide, the status line whole (${layout.status}), the timeline ${bands.width} px, a tap at its middle seeks to ${(100 * layout.time).toFixed(1)}%`,
  );
  expect(errors.length === 0, `no page errors (${errors.join('; ')})`);
} finally {
  await browser.close();
  server.close();
  rmSync(work, { recursive: true, force: true });
}
console.log(failures.length ? `compare: ${failures.length} failed` : 'compare: all passed');
process.exit(failures.length ? 1 : 0);
