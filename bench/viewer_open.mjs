// The time to open a recording in the web viewer (headless Chromium, the static folder scripts/build-viewer.sh
// makes): from choosing the file to the hands drawn (read into the library's memory, decoded, converted to .glb in
// WebAssembly, loaded by three.js, framed and rendered), with the parts the page reports, against the native CLI's
// `convert` of the same file in the same run; and the same file loaded over HTTP by the three.js loader alone
// (InputAnimationLoader.loadAsync in a page of its own, the library started first; checker off as in the viewer,
// and on, the loader's default); an edit opened in the recording's worker against the same through the page; and
// the viewer opened at ?src=recording.bin, from navigation to the hands drawn (the page's own clock, read at the
// first animation frame after). Medians of RUNS, each in a fresh page.
// Usage: node bench/viewer_open.mjs INPUTANIM SITE_DIR RECORDING [RUNS]   (bench/run.sh runs it on 600 s)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, serveSite } from '../tests/interop/viewer_site.mjs';

const [tool, site, recording, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 5);
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const work = mkdtempSync(join(tmpdir(), 'inputanim-bench-viewer-'));

// A page with the loader only, beside the viewer's (its import map points at the same three.js and package).
writeFileSync(
  join(work, 'loader.html'),
  `<!doctype html><script type="importmap">{ "imports": { "three": "./three/build/three.module.js",
  "three/addons/": "./three/examples/jsm/", "inputanim-three": "./inputanim-three/index.js" } }</script>
<script type="module">
import { InputAnimationLoader } from 'inputanim-three';
const loader = new InputAnimationLoader();
await loader.libraryVersion();
window.load = async (url, check) => {
  const start = performance.now();
  const gltf = await loader.setOptions({ check }).preload().loadAsync(url);
  gltf.recording.dispose();
  return performance.now() - start;
};
// An edit (trim from 1 s) opened beside the recording in its worker (editAsync, as the viewer edits), and the same
// as the .bin handed to the page and opened in another loader's worker, started ahead (the viewer's way before).
window.edit = async (url) => {
  const { recording } = await loader.setOptions({ check: false }).loadAsync(url);
  const other = new InputAnimationLoader().setOptions({ check: false }).preload();
  await other.libraryVersion();
  const edits = [{ trim: { start: 1 } }];
  let start = performance.now();
  (await loader.editAsync(recording, edits)).recording.dispose();
  const inWorker = performance.now() - start;
  start = performance.now();
  const { blob } = await recording.edit(edits);
  (await other.parseAsync(await blob.arrayBuffer(), '')).recording.dispose();
  const viaPage = performance.now() - start;
  recording.dispose();
  return { inWorker, viaPage };
};
</script>`,
);
const { origin, close } = await serveSite(
  site,
  new Map([
    ['loader.html', join(work, 'loader.html')],
    ['recording.bin', recording],
  ]),
);
const browser = await launchChromium();
const page = [],
  native = [],
  loads = [],
  checked = [],
  edits = [],
  navigated = [];
try {
  for (let run = 0; run < runs; run++) {
    let start = performance.now();
    execFileSync(tool, ['convert', recording, join(work, 'out.glb'), '--force', '-q']);
    native.push((performance.now() - start) / 1000);

    const tab = await browser.newPage({ viewport: { width: 1000, height: 760 } });
    await tab.goto(`${origin}/index.html`);
    await tab.waitForFunction(() => window.viewer.ready, null, { timeout: 60000 }); // the library compiled
    start = performance.now();
    await tab.setInputFiles('#file', recording);
    await tab.waitForFunction(() => window.inputanimViewer.loaded || window.inputanimViewer.error, null, {
      timeout: 120000,
      polling: 20,
    });
    const state = await tab.evaluate(() => ({
      error: window.inputanimViewer.error,
      stages: window.viewer.stageMilliseconds,
    }));
    if (state.error) throw new Error(state.error);
    page.push({ total: (performance.now() - start) / 1000, ...state.stages });
    await tab.close();

    const bare = await browser.newPage();
    await bare.goto(`${origin}/loader.html`);
    await bare.waitForFunction(() => window.load, null, { timeout: 60000 });
    loads.push((await bare.evaluate(() => window.load('recording.bin', false))) / 1000);
    await bare.close();
    const again = await browser.newPage();
    await again.goto(`${origin}/loader.html`);
    await again.waitForFunction(() => window.load, null, { timeout: 60000 });
    checked.push((await again.evaluate(() => window.load('recording.bin', true))) / 1000);
    edits.push(await again.evaluate(() => window.edit('recording.bin')));
    await again.close();

    const addressed = await browser.newPage({ viewport: { width: 1000, height: 760 } });
    await addressed.goto(`${origin}/index.html?src=recording.bin`);
    const drawn = await addressed.waitForFunction(
      () => (window.inputanimViewer?.loaded || window.inputanimViewer?.error) && performance.now(),
      null,
      { timeout: 120000, polling: 'raf' },
    );
    navigated.push((await drawn.jsonValue()) / 1000);
    await addressed.close();
  }
} finally {
  await browser.close();
  close();
  rmSync(work, { recursive: true, force: true });
}
const size = readFileSync(recording).length / 1e6;
const open = median(page.map((p) => p.total)),
  cli = median(native);
const stage = (name) => median(page.map((p) => p[name] ?? 0)) / 1000;
console.log(
  `| ${size.toFixed(1)} MB | ${open.toFixed(2)} s (${Math.min(...page.map((p) => p.total)).toFixed(2)}-${Math.max(...page.map((p) => p.total)).toFixed(2)}) |` +
    ` ${stage('reading').toFixed(2)} | ${stage('decoding').toFixed(2)} | ${stage('converting').toFixed(2)} | ${stage('drawing').toFixed(2)} |` +
    ` ${cli.toFixed(2)} s | ${((stage('decoding') + stage('converting')) / cli).toFixed(2)}x |`,
);
const range = (values) =>
  `${median(values).toFixed(2)} s (${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)})`;
console.log(
  `\nInputAnimationLoader.loadAsync of the same file over HTTP: ${range(loads)}; with the checker (its default): ${range(checked)}`,
);
console.log(
  `an edit (trim from 1 s) opened in the recording's worker (editAsync): ${range(edits.map((e) => e.inWorker / 1000))}; ` +
    `as a .bin through the page into a worker started ahead: ${range(edits.map((e) => e.viaPage / 1000))}`,
);
console.log(`the viewer at ?src=recording.bin, from navigation to the hands drawn: ${range(navigated)}`);
