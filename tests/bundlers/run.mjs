// The three.js loader in the apps people build, from its packed tarball with no configuration: each app in apps/
// (Vite with plain JavaScript, TypeScript and React Three Fiber under StrictMode, webpack 5) is built for
// production, served as a single-page-app host serves it (a missing file is answered with index.html), and opened
// in headless Chromium; the joints its scene plays are checked against `inputanim sample`. Each app's development
// server too (Vite's; webpack-dev-server's, as `webpack serve` runs it). Also: tsc --strict on the TypeScript app, a
// mistyped recording address (an HTML page comes back) named as such, and React's remount handing out a recording
// that works, the one before disposed of.
// Usage: node run.mjs INPUTANIM PACKAGE.tgz RECORDING.bin
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { build, createServer } from 'vite';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { launchChromium, serveSite } from '../interop/viewer_site.mjs';

const [tool, tarball, recording] = process.argv.slice(2);
const here = new URL('.', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'inputanim-bundlers-'));
const failures = [];
const expect = (ok, what) => {
  if (!ok) failures.push(what);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
};
const TOLERANCE = 1e-4; // metres: the glTF profile's fits and Float32 key values

// The packed loader, where npm would put it (it has no dependencies; three is the apps' own).
const installed = join(here, 'node_modules/inputanim-three');
rmSync(installed, { recursive: true, force: true });
mkdirSync(installed);
execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);

// Two times inside the left hand's tracked intervals, and what the CLI plays there.
const info = JSON.parse(execFileSync(tool, ['info', recording, '--json']));
const tracked = info.tracked.left.filter(([s, e]) => e - s > 0.5);
const times = [
  [tracked[0], 0.37],
  [tracked[tracked.length - 1], 0.73],
].map(([[s, e], f]) => s + (e - s) * f);
writeFileSync(join(work, 'times.txt'), times.join('\n'));
const cli = JSON.parse(
  execFileSync(
    tool,
    [
      'sample',
      recording,
      '--times',
      join(work, 'times.txt'),
      '--format',
      'json',
      '--coordinates',
      'gltf',
      '--select',
      'left',
    ],
    { maxBuffer: 1 << 26 },
  ),
).frames;
const served = new Map([['recording.bin', recording]]);

// The largest distance between the joints an app played and the CLI's, and how many were compared.
function compared(report) {
  let worst = 0,
    count = 0;
  report.frames?.forEach((joints, i) => {
    for (const [name, position] of Object.entries(joints)) {
      worst = Math.max(worst, Math.hypot(...position.map((v, k) => v - cli[i].left.joints[name].position[k])));
      count++;
    }
  });
  return { worst, count };
}

function checkReport(report, what) {
  const { worst, count } = compared(report);
  expect(
    !report.error &&
      count === 2 * 26 &&
      worst <= TOLERANCE &&
      Math.abs(report.duration - info.duration) < 1e-9 &&
      report.findings === info.findings.length &&
      report.pose?.tracked === true,
    `${what}: ${count} joint positions within ${worst.toExponential(2)} m of \`inputanim sample\`, its findings after` +
      ` the hand-over${report.error ? ` (${report.error})` : ''}`,
  );
}

// The app at `origin` opened with `src`: what it reports, and what the page logged as errors.
async function opened(browser, origin, src, report = () => window.result) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${origin}/?src=${encodeURIComponent(src)}&times=${times.join(',')}`);
  const result = await page.waitForFunction(report, null, { timeout: 60_000 }).then((handle) => handle.jsonValue());
  return { page, result, errors };
}

// A production build served with a single-page-app fallback: the recording plays, a mistyped address is named.
async function checkProduction(browser, name, out) {
  const site = await serveSite(out, served, { fallback: true });
  try {
    const { page, result } = await opened(browser, site.origin, 'recording.bin');
    checkReport(result, `${name}, production build`);
    await page.close();
    const missing = await opened(browser, site.origin, 'recordin.bin');
    expect(
      /recordin\.bin: .*HTML .*page, not a recording/.test(missing.result.error ?? ''),
      `${name}: a mistyped address says an HTML page came back (${missing.result.error})`,
    );
    await missing.page.close();
  } finally {
    site.close();
  }
}

function viteBuild(app) {
  const out = join(work, app);
  return build({ root: join(here, 'apps', app), logLevel: 'error', build: { outDir: out, emptyOutDir: true } }).then(
    () => out,
  );
}

async function checkReact(browser, out) {
  const site = await serveSite(out, served, { fallback: true });
  try {
    const { page, result } = await opened(browser, site.origin, 'recording.bin', () => window.reports[0]);
    checkReport(result, 'Vite + React Three Fiber (StrictMode, useLoader), production build');
    await page.evaluate(() => window.show(false));
    await page.waitForTimeout(200);
    await page.evaluate(() => {
      window.reports = [];
      window.show(true);
    });
    const again = await page
      .waitForFunction(() => window.reports[0], null, { timeout: 60_000 })
      .then((h) => h.jsonValue());
    const handedOut = await page.evaluate(() => window.recordings.map((r) => r.disposed));
    checkReport(again, 'React Three Fiber, unmounted and mounted again');
    expect(
      handedOut.length === 2 && handedOut[0] === true && handedOut[1] === false,
      `React Three Fiber: the unmounted recording was disposed of and a new one loaded (disposed: [${handedOut}])`,
    );
    await page.close();
  } finally {
    site.close();
  }
}

// An app's development server (`listen` starts it: its origin and how it is closed) opened with a recording from
// another origin (CORS), as a data host serves it.
async function checkDevServer(browser, what, listen, report) {
  const { origin, close } = await listen();
  try {
    const site = await serveSite(work, served);
    const { page, result } = await opened(browser, origin, `${site.origin}/recording.bin`, report);
    checkReport(result, what);
    await page.close();
    site.close();
  } finally {
    await close();
  }
}

async function viteServer(app) {
  const server = await createServer({
    root: join(here, 'apps', app),
    logLevel: 'error',
    server: { port: 0, host: '127.0.0.1' },
  });
  await server.listen();
  return { origin: server.resolvedUrls.local[0].replace(/\/$/, ''), close: () => server.close() };
}

// `webpack serve` as webpack-dev-server's API runs it: the bundle built in memory, in development mode.
async function webpackServer() {
  const config = createRequire(import.meta.url)('./apps/webpack/webpack.config.cjs')();
  Object.assign(config, { stats: 'errors-only', infrastructureLogging: { level: 'error' } });
  const server = new WebpackDevServer({ ...config.devServer, host: '127.0.0.1', port: 'auto' }, webpack(config));
  await server.start();
  return { origin: `http://127.0.0.1:${server.server.address().port}`, close: () => server.stop() };
}

const browser = await launchChromium();
try {
  execFileSync(join(here, 'node_modules/.bin/tsc'), ['-p', join(here, 'apps/vite-ts')], { stdio: 'inherit' });
  expect(true, 'Vite + TypeScript: tsc --strict accepts the app');
  for (const app of ['vite-js', 'vite-ts'])
    await checkProduction(browser, app === 'vite-js' ? 'Vite' : 'Vite + TypeScript', await viteBuild(app));
  await checkReact(browser, await viteBuild('vite-r3f'));
  const webpackOut = join(work, 'webpack');
  execFileSync(
    join(here, 'node_modules/.bin/webpack'),
    ['--config', join(here, 'apps/webpack/webpack.config.cjs'), '--env', `out=${webpackOut}`, '--no-stats'],
    { cwd: join(here, 'apps/webpack'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await checkProduction(browser, 'webpack 5', webpackOut);
  for (const [app, name, report] of [
    ['vite-js', 'Vite'],
    ['vite-ts', 'Vite + TypeScript'],
    ['vite-r3f', 'Vite + React Three Fiber', () => window.reports[0]],
  ])
    await checkDevServer(browser, `${name} dev server`, () => viteServer(app), report);
  await checkDevServer(browser, 'webpack 5 dev server (webpack serve)', webpackServer);
} catch (error) {
  expect(false, `the apps built and ran: ${error.message}`);
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
console.log(failures.length ? `bundlers: ${failures.length} failed` : 'bundlers: all passed');
process.exit(failures.length ? 1 : 0);
