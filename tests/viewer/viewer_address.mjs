// The viewer opened at ?src=NAME (viewer.mjs's site; scripts/viewer.sh RECORDING serves one so): the loader fetches
// the file itself, so the progress bar follows the download to its end, a .gltf in a folder finds its buffer beside
// it (not beside the page), and a missing file is named with the server's answer.
import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';

// In the page: every value given to a progress bar, in window.progressShown.
const recordProgress = () => {
  window.progressShown = [];
  const value = Object.getOwnPropertyDescriptor(HTMLProgressElement.prototype, 'value');
  Object.defineProperty(HTMLProgressElement.prototype, 'value', {
    get() {
      return value.get.call(this);
    },
    set(v) {
      window.progressShown.push(v);
      value.set.call(this, v);
    },
  });
};

// The page at `query`, once it has opened its file or failed: window.inputanimViewer, and what the bar showed.
async function opened(newPage, query) {
  const page = await newPage(query, recordProgress);
  await page.waitForFunction(() => window.inputanimViewer.loaded || window.inputanimViewer.error, null, {
    timeout: 60000,
  });
  return page.evaluate(() => ({ ...window.inputanimViewer, shown: window.progressShown }));
}

// `newPage(query, init)`: a page of the site at `query`, `init` run before its scripts; `served`: the site's extra
// files (name -> path); `duration`: the recording's, as the CLI reads it.
export async function checkAddressed({ newPage, served, expect, recording, tool, work, duration }) {
  copyFileSync(recording, join(work, 'served.bin'));
  served.set('served.bin', join(work, 'served.bin'));
  const plain = await opened(newPage, '?src=served.bin');
  expect(Math.abs(plain.loaded?.duration - duration) < 1e-9, '?src=served.bin opens the file');
  expect(
    plain.shown.length > 0 && plain.shown.at(-1) === 1,
    `?src=: the bar shows the download (${plain.shown.length} values, the last ${plain.shown.at(-1)})`,
  );

  execFileSync(tool, ['convert', recording, join(work, 'served.gltf'), '--force', '-q']);
  for (const file of ['served.gltf', 'served.bin']) served.set(`takes/${file}`, join(work, file));
  const folder = await opened(newPage, '?src=takes/served.gltf');
  expect(
    Math.abs(folder.loaded?.duration - duration) < 1e-9 && folder.loaded.name === 'served.gltf',
    `?src=takes/served.gltf opens it with its buffer (${folder.error ?? folder.loaded.name})`,
  );

  const missing = await opened(newPage, '?src=missing.bin');
  expect(
    /^missing\.bin: .*missing\.bin.* 404/.test(missing.error ?? ''),
    `?src=missing.bin: the error names the file and the 404 (${missing.error})`,
  );
}
