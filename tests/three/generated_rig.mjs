// A hand rig as another tool writes one, made from a recording where ../shared's rigs are absent: the recording as a
// .gltf without this tool's extras and extensions (so it is read by node names and fitted, as any other tool's), its
// buffer embedded, and a second animation, "Translations", that leaves out every rotation channel (so a loader that
// ignored the `animation` option would draw other joint positions).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function strip(value) {
  if (Array.isArray(value)) value.forEach(strip);
  else if (value && typeof value === 'object') {
    for (const key of ['extras', 'extensions', 'extensionsUsed', 'extensionsRequired']) delete value[key];
    Object.values(value).forEach(strip);
  }
}

export function generatedRig(tool, recording, work) {
  const own = join(work, 'rig-source.gltf');
  execFileSync(tool, ['convert', recording, own, '-q', '--force']);
  const json = JSON.parse(readFileSync(own));
  strip(json);
  const buffer = json.buffers[0];
  buffer.uri = `data:application/octet-stream;base64,${readFileSync(join(work, buffer.uri)).toString('base64')}`;
  const [first] = json.animations;
  const channels = first.channels.filter((c) => c.target.path !== 'rotation');
  json.animations.push({ name: 'Translations', samplers: first.samplers, channels });
  const rig = join(work, 'generated-rig.gltf');
  writeFileSync(rig, JSON.stringify(json));
  return rig;
}
