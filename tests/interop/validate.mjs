// Runs the Khronos glTF validator on each file; exits 1 unless every file has 0 errors and 0 warnings.
// Usage: node validate.mjs FILE.glb|FILE.gltf ...
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import validator from 'gltf-validator';

let failed = 0;
for (const file of process.argv.slice(2)) {
  const data = new Uint8Array(await readFile(file));
  const report = await validator.validateBytes(data, {
    uri: path.basename(file),
    maxIssues: 50,
    externalResourceFunction: (uri) =>
      readFile(path.join(path.dirname(file), decodeURIComponent(uri))).then((b) => new Uint8Array(b)),
  });
  const { numErrors, numWarnings, numInfos, messages } = report.issues;
  const ok = numErrors === 0 && numWarnings === 0;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${file}: ${numErrors} errors, ${numWarnings} warnings, ${numInfos} infos`);
  for (const m of messages.filter((m) => m.severity <= 1))
    console.log(`     ${m.code} ${m.pointer ?? ''}: ${m.message}`);
  if (!ok) failed++;
}
process.exit(failed ? 1 : 0);
