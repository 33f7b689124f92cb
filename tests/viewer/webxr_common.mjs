// What the viewer's recording tests share (webxr_record.mjs, webxr_record_iwer.mjs): MRTK's own reader, and the
// two-handed motion they replay.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

// MRTK's reader (../shared/mrtk-reader under Mono), built once into BUILD: a function (file, ...arguments of its
// `read`) -> its JSON.
export function mrtkReader(build, readerSources) {
  const reader = join(build, 'mrtkread-webxr', 'mrtkread.exe');
  if (!existsSync(reader))
    execFileSync('bash', [join(readerSources, 'build.sh')], { env: { ...process.env, BUILD: dirname(reader) } });
  return (file, ...args) =>
    JSON.parse(execFileSync('mono', [reader, 'read', file, ...args], { maxBuffer: 1 << 30 }).toString());
}

// The recording `source` with both hands, written into WORK/two-hands.bin: its left hand as recorded, and as the right
// that hand mirrored and half a second later. Returns the file.
export function twoHanded(tool, source, work) {
  const twoHands = join(work, 'two-hands.bin');
  execFileSync(tool, ['mirror', source, join(work, 'mirror.bin'), '-q']);
  execFileSync(tool, ['shift', join(work, 'mirror.bin'), join(work, 'later.bin'), '--by', '0.5', '-q']);
  execFileSync(tool, ['merge', twoHands, '--base', source, '--right', join(work, 'later.bin'), '-q']);
  return twoHands;
}
