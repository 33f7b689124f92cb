// What the browser tests (tests/viewer/, tests/three/three_loader.mjs) and the viewer's benchmark (bench/viewer_open.mjs)
// share: files served on localhost, headless Chromium as they drive it (touch gestures too), and its screenshots decoded.
import { createServer } from 'node:http';
import { createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { inflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };

// Serves `site` on a free port; `extra` maps a name to a file served beside the page (for ?src=). `fallback`: a
// missing file is answered with index.html (200), as single-page-app hosts and `vite preview` answer. Resolves to
// { origin, close }.
export async function serveSite(site, extra = new Map(), { fallback = false } = {}) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = extra.get(path.slice(1)) ?? join(site, path === '/' ? 'index.html' : path);
    const size = fileSize(file);
    if (size === null) {
      if (fallback)
        response.writeHead(200, { 'content-type': 'text/html' }).end(readFileSync(join(site, 'index.html')));
      else response.writeHead(404).end();
      return;
    }
    // Any origin may read (as a CDN allows): pages of another server import and fetch from this one. Streamed from
    // the file as static hosts send it: the first bytes leave before the last are read.
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': size,
      'access-control-allow-origin': '*',
    });
    createReadStream(file)
      .on('error', () => response.destroy())
      .pipe(response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

// The size of the regular file `file`, or null when there is none.
function fileSize(file) {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats.size : null;
  } catch {
    return null;
  }
}

// Debian's chromium (or $CHROMIUM), headless, WebGL in software, no network of its own.
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

// A PNG's pixels (8-bit RGB or RGBA, not interlaced: what Chromium writes): {width, height, at(x, y) -> [r, g, b]}.
export function decodePng(buffer) {
  let offset = 8,
    width = 0,
    height = 0,
    channels = 0;
  const idat = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset),
      type = buffer.toString('ascii', offset + 4, offset + 8);
    const data = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('unexpected PNG depth or interlace');
      channels = { 2: 3, 6: 4 }[data[9]];
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat)),
    stride = width * channels,
    pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)],
      line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0,
        b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c,
        pa = Math.abs(p - a),
        pb = Math.abs(p - b),
        pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      pixels[y * stride + x] = (line[x] + predictor) & 255;
    }
  }
  return {
    width,
    height,
    at: (x, y) => [...pixels.subarray(y * stride + x * channels, y * stride + x * channels + 3)],
  };
}

// The file's hand materials: left blue (0.35, 0.6, 0.95), right orange (0.95, 0.6, 0.35), whatever the shading.
export const isLeftHand = ([r, g, b]) => b > r + 45 && b > 90;
export const isRightHand = ([r, g, b]) => r > b + 45 && r > 90 && g > 0.45 * r && g - b > 0.12 * r; // not the red pinch marker

// How many pixels of a decoded screenshot, in a box [x0, y0, x1, y1] (the whole image by default), pass `test`.
export function countPixels(image, test, [x0, y0, x1, y1] = [0, 0, image.width, image.height]) {
  let n = 0;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(image.height, y1); y++)
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(image.width, x1); x++) if (test(image.at(x, y))) n++;
  return n;
}

// A screenshot of `page`, kept at the path `png` to be looked at, and how many of its pixels are the `side` hand's
// colour ('left' or 'right').
export async function handPixels(page, side, png) {
  const shot = await page.screenshot();
  writeFileSync(png, shot);
  return countPixels(decodePng(shot), side === 'left' ? isLeftHand : isRightHand);
}

// Clicks `selector` on `page` and saves the download it starts into `folder`: {name (as suggested), bytes}.
export async function downloadVia(page, selector, folder) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const path = join(folder, `download-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

// Opens files through the page's picker and waits for its documented state to say loaded or error; returns it.
export async function openVia(page, files) {
  await page.setInputFiles('#file', files);
  await page.waitForFunction(() => window.inputanimViewer.loaded || window.inputanimViewer.error, null, {
    timeout: 60000,
  });
  return page.evaluate(() => window.inputanimViewer);
}

// Touch on the phone's view (a point where the canvas is on top): one finger dragged across, then two spread
// apart. Returns how far the first turned the line of sight (degrees), and for the second how far the camera moved,
// whether towards where it looks, and how far that turned it.
export async function touchOrbit(page) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, points) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  const [x, y] = await page.evaluate(() => {
    const canvas = window.viewer.canvas,
      box = canvas.getBoundingClientRect();
    for (let y = box.top + 120; y < box.bottom - 120; y += 10)
      if (document.elementFromPoint(box.left + box.width / 2, y) === canvas) return [box.left + box.width / 2, y];
    return [box.left + box.width / 2, (box.top + box.bottom) / 2];
  });
  const camera = () =>
    page.evaluate(() => {
      const c = window.viewer.camera;
      return { position: c.position.toArray(), look: c.getWorldDirection(c.position.clone()).toArray() };
    });
  const gesture = async (from, to) => {
    await touch('touchStart', from);
    for (let step = 1; step <= 8; ++step)
      await touch(
        'touchMove',
        from.map((p, i) => p.map((v, k) => v + ((to[i][k] - v) * step) / 8)),
      );
    await touch('touchEnd', []);
    await page.waitForTimeout(400);
  };
  const angle = (a, b) =>
    (Math.acos(
      Math.min(
        1,
        a.reduce((sum, v, i) => sum + v * b[i], 0),
      ),
    ) *
      180) /
    Math.PI;
  const start = await camera();
  await gesture([[x - 60, y]], [[x + 60, y]]);
  const turned = await camera();
  await gesture(
    [
      [x - 30, y],
      [x + 30, y],
    ],
    [
      [x - 110, y],
      [x + 110, y],
    ],
  );
  const zoomed = await camera();
  const moved = zoomed.position.map((v, i) => v - turned.position[i]);
  return {
    turned: angle(start.look, turned.look),
    pinchAngle: angle(turned.look, zoomed.look),
    pinchMoved: Math.hypot(...moved),
    closer: moved.reduce((sum, v, i) => sum + v * turned.look[i], 0) > 0,
  };
}

// Counts the workers `page` starts, in window.workersStarted (an edit in the viewer must start none).
export function countWorkers(page) {
  return page.addInitScript(() => {
    const Started = window.Worker;
    window.workersStarted = 0;
    window.Worker = class extends Started {
      constructor(...args) {
        super(...args);
        window.workersStarted++;
      }
    };
  });
}
