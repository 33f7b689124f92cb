// The viewer's Download of a recording (viewer.mjs's page): each choice is the CLI's conversion, byte for byte: the
// .glb, compressed (`--compress meshopt`), and the IWER capture (`convert REC.json`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

export async function checkDownloads(page, { download, expect, recording, tool, work }) {
  const glb = await download(page);
  execFileSync(tool, ['convert', recording, join(work, 'cli.glb'), '-q', '--force']);
  expect(
    glb.name === basename(recording).replace(/\.bin$/i, '.glb') &&
      glb.bytes.equals(readFileSync(join(work, 'cli.glb'))),
    `Download gives ${glb.name}, byte-identical to inputanim convert (${glb.bytes.length} bytes)`,
  );
  await page.selectOption('#download-compress', 'meshopt');
  const packed = await download(page);
  await page.selectOption('#download-compress', 'iwer');
  const capture = await download(page);
  execFileSync(tool, ['convert', recording, join(work, 'cli.meshopt.glb'), '-q', '--force', '--compress', 'meshopt']);
  execFileSync(tool, ['convert', recording, join(work, 'cli.json'), '-q', '--force']);
  expect(
    packed.bytes.equals(readFileSync(join(work, 'cli.meshopt.glb'))) &&
      capture.name.endsWith('.json') &&
      capture.bytes.equals(readFileSync(join(work, 'cli.json'))),
    `compressed, ${packed.bytes.length} bytes, and the IWER capture ${capture.name}: \`convert\`'s, byte-identical`,
  );
}
