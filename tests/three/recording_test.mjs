// The loader's stateAt, without a browser or the library, against a table worked by hand: intervals [start, end)
// in seconds, the last closed at the recording's end, times clamped to [0, duration].
// Usage: node --test tests/three/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { InputAnimationRecording } from '../../web/inputanim-three/recording.js';

const recording = {
  duration: 3,
  tracked: {
    left: [
      [0.5, 1],
      [2, 3],
    ],
    right: [],
  },
  pinching: { left: [[0.75, 0.9]], right: [[0, 3]] },
};
const stateAt = (t) => InputAnimationRecording.prototype.stateAt.call(recording, t);
const state = (leftTracked, leftPinching, rightTracked, rightPinching) => ({
  left: { tracked: leftTracked, pinching: leftPinching },
  right: { tracked: rightTracked, pinching: rightPinching },
});

test('stateAt: each interval from its start, up to but not at its end', () => {
  const table = [
    [0.4999, state(false, false, false, true)],
    [0.5, state(true, false, false, true)],
    [0.75, state(true, true, false, true)],
    [0.9, state(true, false, false, true)],
    [0.9999, state(true, false, false, true)],
    [1, state(false, false, false, true)],
    [2, state(true, false, false, true)],
  ];
  for (const [time, expected] of table) assert.deepEqual(stateAt(time), expected, `at ${time} s`);
});

test("stateAt: the last interval holds at the recording's end; times outside are clamped", () => {
  assert.deepEqual(stateAt(3), state(true, false, false, true));
  assert.deepEqual(stateAt(7), state(true, false, false, true));
  assert.deepEqual(stateAt(-1), state(false, false, false, true));
  assert.deepEqual(stateAt(0), state(false, false, false, true));
});
