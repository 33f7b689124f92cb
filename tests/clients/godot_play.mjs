// Godot 3 (Debian's godot3-server, its editor's glTF import, headless) on converted files: each imported with the
// settings docs/gltf-profile.md gives (animation baked at 120 fps, the optimizer off), then played by godot/poses.gd;
// world poses and states against the library's evaluator, as world_check.mjs compares them.
// Usage: node godot_play.mjs INPUTANIM ROT_TOL_DEG FILE.glb POS_TOL_M [FILE.glb POS_TOL_M]...
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPlayback, checkedNodes, posesClient, report, sampleFor } from '../interop/world_check.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [tool, rotTolText, ...pairs] = process.argv.slice(2);
const godot = process.env.GODOT ?? 'godot3-server';
const START = 0; // its bake's own frames: between them Godot plays a frame it baked, not the curve
const IMPORT =
  '[remap]\n\nimporter="scene"\ntype="PackedScene"\n\n[params]\n\nanimation/fps=120\nanimation/optimizer/enabled=false\n';
const project = mkdtempSync(join(tmpdir(), 'inputanim-godot-'));
const names = checkedNodes(JSON.parse(execFileSync(tool, ['profile'])));
const jobs = [];
for (let i = 0; i < pairs.length; i += 2) {
  const name = `f${jobs.length}.glb`;
  copyFileSync(pairs[i], join(project, name));
  writeFileSync(join(project, `${name}.import`), IMPORT);
  jobs.push({
    file: pairs[i],
    posTol: Number(pairs[i + 1]),
    name,
    ...sampleFor(tool, pairs[i], 120, START),
  });
}
writeFileSync(join(project, 'project.godot'), 'config_version=4\n\n[application]\n\nconfig/name="inputanim-check"\n');
copyFileSync(join(here, 'godot/poses.gd'), join(project, 'poses.gd'));

// The editor imports what the project holds as it starts, and then stays open: it is stopped once every file has been
// imported (Godot 3 has no import-and-quit).
async function importAll() {
  const editor = spawn(godot, ['--path', project, '-e'], { stdio: 'ignore' });
  const imported = () =>
    existsSync(join(project, '.import')) &&
    jobs.every(({ name }) =>
      readdirSync(join(project, '.import')).some((f) => f.startsWith(name) && f.endsWith('.md5')),
    );
  for (let waited = 0; !imported() && waited < 120000; waited += 250) await new Promise((r) => setTimeout(r, 250));
  await new Promise((r) => setTimeout(r, 500)); // the scene files written after their stamps
  editor.kill();
  return imported();
}

let failures = 0;
if (!(await importAll())) {
  console.log('FAIL: Godot did not import the files within 120 s');
  failures++;
} else {
  const list = jobs.map(({ name, sample }, i) => {
    writeFileSync(join(project, `${i}.times`), sample.frames.map((f) => f.time).join('\n'));
    writeFileSync(join(project, `${i}.names`), names.join('\n'));
    return `res://${name} ${project}/${i}.times ${project}/${i}.names ${project}/${i}.json`;
  });
  writeFileSync(join(project, 'list.txt'), list.join('\n') + '\n');
  execFileSync(godot, ['--path', project, '-s', 'poses.gd', join(project, 'list.txt')], { stdio: 'ignore' });
  jobs.forEach(({ file, posTol, sample }, i) => {
    const out = join(project, `${i}.json`);
    if (!existsSync(out)) return (console.log(`FAIL ${basename(file)} (Godot): no poses`), failures++);
    const times = sample.frames.map((f) => f.time);
    const client = posesClient(JSON.parse(readFileSync(out, 'utf8')), times, names);
    if (!report(checkPlayback(sample, client, posTol, Number(rotTolText)), `${basename(file)} (Godot 3)`, times.length))
      failures++;
  });
}
rmSync(project, { recursive: true, force: true });
process.exit(failures ? 1 : 0);
