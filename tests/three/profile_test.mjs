// The loader's copy of the profile table (web/inputanim-three/profile.js) is the library's, as `inputanim profile`
// prints it: a change to the table in C++ fails here until scripts/profile-js.sh writes the module again. Skipped
// without the tool (INPUTANIM_TOOL, which CTest sets). The loader's options from it: three_loader_failures.mjs.
// Usage: INPUTANIM_TOOL=build/inputanim node --test tests/three/
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';

import { PROFILE } from '../../web/inputanim-three/profile.js';

const tool = process.env.INPUTANIM_TOOL;

test('profile.js is the table the library prints', { skip: !tool && 'INPUTANIM_TOOL is not set' }, () => {
  assert.deepEqual(PROFILE, JSON.parse(execFileSync(tool, ['profile'], { encoding: 'utf8' })));
});
