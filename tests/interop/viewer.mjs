// The web viewer (samples/viewer) in headless Chromium: opens a converted sample through its file picker,
// seeks with the scrubber, and checks from the screenshot's pixels that each hand is drawn where the
// recording puts it (projected with the page's camera), and not drawn while untracked. Also checks the
// timeline's bands and markers against `inputanim info --json`, and play/pause.
// Usage: node viewer.mjs INPUTANIM VIEWER_DIR RECORDING.bin
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { inflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const [tool, viewerDir, recording] = process.argv.slice(2);
const work = mkdtempSync(join(tmpdir(), 'inputanim-viewer-'));
const failures = [];
const expect = (ok, what) => { if (!ok) failures.push(what); console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); };

// ---- the recording, as inputanim reads it ----
const glbPath = join(work, 'recording.glb');
execFileSync(tool, ['convert', recording, glbPath, '-q']);
const info = JSON.parse(execFileSync(tool, ['info', recording, '--json']));
const RATE = 120;
const csv = execFileSync(tool, ['sample', recording, '--rate', String(RATE), '--coordinates', 'gltf', '--select', 'left,right'],
                         { maxBuffer: 1 << 28 }).toString().trim().split('\n');
const header = csv[0].split(',');
const rows = csv.slice(1).map((line) => line.split(',').map(Number));
const column = (name) => header.indexOf(name);
const rowAt = (t) => rows[Math.round(t * RATE)];
const joint = (row, side, name) => ['px', 'py', 'pz'].map((c) => row[column(`${side}.${name}.${c}`)]);

// For each hand, the middle of its longest tracked interval, and a time where the left hand is not tracked,
// on a 1/20 s grid (short decimals, which the scrubber keeps as typed; rows of the 120 Hz samples).
const onGrid = (t) => Math.round(t * 20) / 20;
const trackedTime = (intervals) => {
  const longest = [...intervals].sort((a, b) => (b[1] - b[0]) - (a[1] - a[0]))[0];
  return longest && longest[1] - longest[0] > 0.2 ? onGrid((longest[0] + longest[1]) / 2) : null;
};
const leftUntracked = info.tracked.left.length && info.tracked.left[0][0] > 0.1 ? Math.floor((info.tracked.left[0][0] / 2) * 20) / 20 : null;

// ---- PNG decoding (8-bit RGB or RGBA, not interlaced: what Chromium writes) ----
function decodePng(buffer) {
  let offset = 8, width = 0, height = 0, channels = 0;
  const idat = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset), type = buffer.toString('ascii', offset + 4, offset + 8);
    const data = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('unexpected PNG depth or interlace');
      channels = { 2: 3, 6: 4 }[data[9]];
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat)), stride = width * channels, pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)], line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0, b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      pixels[y * stride + x] = (line[x] + predictor) & 255;
    }
  }
  return { width, height, at: (x, y) => [...pixels.subarray(y * stride + x * channels, y * stride + x * channels + 3)] };
}

// The file's hand materials: left blue (0.35, 0.6, 0.95), right orange (0.95, 0.6, 0.35), whatever the shading.
const isLeftHand = ([r, g, b]) => b > r + 45 && b > 90;
const isRightHand = ([r, g, b]) => r > b + 45 && r > 90 && g > 0.45 * r && g - b > 0.12 * r;  // not the red pinch marker

// ---- a static server for the page ----
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };
const server = createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  try {
    const body = readFileSync(path === '/recording.glb' ? glbPath : join(viewerDir, path === '/' ? 'index.html' : path));
    response.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
  } catch { response.writeHead(404).end(); }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic',
         '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 760 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
  await page.setInputFiles('#file', glbPath);  // the file picker
  await page.waitForFunction(() => window.viewer?.loaded, null, { timeout: 30000 });
  expect(errors.length === 0, `the page logs no error (${errors.join('; ')})`);

  // Timeline: the bands are the tracked and pinching intervals, the markers the recording's.
  const timeline = await page.evaluate(() => ({ bands: window.viewer.bands, markers: window.viewer.markers, duration: window.viewer.duration }));
  const near = (a, b) => a.length === b.length && a.every(([s, e], i) => Math.abs(s - b[i][0]) < 1e-3 && Math.abs(e - b[i][1]) < 1e-3);
  const band = (label) => timeline.bands.find((b) => b.label === label)?.intervals ?? [];
  expect(near(band('L tracked'), info.tracked.left) && near(band('R tracked'), info.tracked.right), 'tracked bands match info --json');
  expect(near(band('L pinch'), info.pinching.left) && near(band('R pinch'), info.pinching.right), 'pinch bands match info --json');
  expect(JSON.stringify(timeline.markers.map((m) => m.name)) === JSON.stringify(info.markers.map((m) => m.name)), 'markers match');
  expect(Math.abs(timeline.duration - info.duration) < 1e-6, `duration ${timeline.duration} s`);

  async function screenshotAt(time) {
    await page.locator('#scrubber').fill(String(time));  // the scrubber, as a user drags it
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const view = await page.evaluate(() => ({
      time: window.viewer.time, projection: window.viewer.camera.projectionMatrix.elements,
      inverse: window.viewer.camera.matrixWorldInverse.elements,
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

  const count = (image, test, [x0, y0, x1, y1] = [0, 0, image.width, image.height]) => {
    let n = 0;
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(image.height, y1); y++)
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(image.width, x1); x++) if (test(image.at(x, y))) n++;
    return n;
  };
  const box = (points, margin) => [Math.min(...points.map((p) => p[0])) - margin, Math.min(...points.map((p) => p[1])) - margin,
                                   Math.max(...points.map((p) => p[0])) + margin, Math.max(...points.map((p) => p[1])) + margin];

  const joints = ['Wrist', 'Palm', 'ThumbTip', 'IndexTip', 'MiddleTip', 'RingTip', 'PinkyTip'];
  for (const [side, isHand, other] of [['left', isLeftHand, isRightHand], ['right', isRightHand, isLeftHand]]) {
    const time = trackedTime(info.tracked[side]);
    if (time === null) continue;
    const shot = await screenshotAt(time);
    expect(Math.abs(shot.view.time - time) < 1e-3, `the scrubber seeks to ${time} s (viewer at ${shot.view.time})`);
    const row = rowAt(time);
    const points = joints.map((name) => shot.project(joint(row, side, name)));
    const [px, py] = shot.project(joint(row, side, 'Palm'));
    const atPalm = count(shot.image, isHand, [px - 8, py - 8, px + 8, py + 8]);
    const total = count(shot.image, isHand), inside = count(shot.image, isHand, box(points, 20));
    expect(atPalm >= 20, `${side} hand drawn at its palm (${px.toFixed(0)}, ${py.toFixed(0)}) at ${time} s: ${atPalm} of 256 pixels`);
    expect(total > 200 && inside >= 0.95 * total, `${side} hand drawn only where its joints are: ${inside} of ${total} pixels in their box`);
    expect(count(shot.image, other, [px - 3, py - 3, px + 3, py + 3]) === 0, `${side} palm is not drawn in the other hand's colour`);
  }
  if (leftUntracked !== null) {
    const hidden = await screenshotAt(leftUntracked);
    expect(count(hidden.image, isLeftHand) < 10, `left hand hidden while untracked at ${leftUntracked} s`);
  }

  await page.locator('#scrubber').fill('0');
  await page.click('#play');
  await page.waitForTimeout(500);
  const playing = await page.evaluate(() => window.viewer.time);
  await page.click('#play');
  const paused = await page.evaluate(() => window.viewer.time);
  await page.waitForTimeout(200);
  expect(playing > 0.2 && playing < 5 && paused === (await page.evaluate(() => window.viewer.time)), `play advances (${playing.toFixed(3)} s) and pause holds`);

  // ?src= opens a file served beside the page (scripts/viewer.sh RECORDING does this).
  const second = await browser.newPage();
  await second.goto(`http://127.0.0.1:${server.address().port}/index.html?src=recording.glb`);
  await second.waitForFunction(() => window.viewer?.loaded, null, { timeout: 30000 });
  expect(Math.abs((await second.evaluate(() => window.viewer.duration)) - info.duration) < 1e-6, '?src=recording.glb opens the file');
} finally {
  await browser.close();
  server.close();
}
if (failures.length === 0) rmSync(work, { recursive: true, force: true });
else console.log(`screenshots kept in ${work}`);
console.log(`viewer: ${failures.length === 0 ? 'all passed' : failures.length + ' failed'}`);
process.exit(failures.length === 0 ? 0 : 1);
