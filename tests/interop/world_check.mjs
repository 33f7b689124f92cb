// The comparison every glTF client check shares (babylon_play.mjs, tests/clients/filament_play.mjs): a client's world
// poses and states of a converted file against the library's evaluator (`inputanim sample --coordinates gltf
// --format json`) at every sampled time: the camera's and, while a hand is tracked, each joint's world position and
// rotation; both states of each hand (a node's scale above 1/2), away from a switch by more than 2 ms.
import { execFileSync } from 'node:child_process';

const SWITCH_TOLERANCE = 0.002;

// The angle in degrees between a client's quaternion {x, y, z, w} and an expected [x, y, z, w].
const angleDeg = (a, b) => {
  const d =
    Math.abs(a.x * b[0] + a.y * b[1] + a.z * b[2] + a.w * b[3]) / (Math.hypot(a.x, a.y, a.z, a.w) * Math.hypot(...b));
  return (2 * Math.acos(Math.min(1, d)) * 180) / Math.PI;
};

// client: { seek(t) -> false to skip the time, world(name) -> {position: [x, y, z], rotation: {x, y, z, w}} or null, scale(name) -> number or
// null }. Returns { checks, worstPos, worstRot, failures (at most 10) }.
export function checkPlayback(sample, client, posTol, rotTol) {
  const switches = { left: [], right: [] };
  for (const side of ['left', 'right'])
    sample.frames.forEach((f, i) => {
      const before = sample.frames[i - 1]?.[side];
      if (before && f[side] && (before.tracked !== f[side].tracked || before.pinching !== f[side].pinching))
        switches[side].push(sample.frames[i - 1].time, f.time);
    });
  const nearSwitch = (side, t) => switches[side].some((s) => Math.abs(s - t) < SWITCH_TOLERANCE);
  const result = { checks: 0, worstPos: 0, worstRot: 0, failures: [] };
  const fail = (what) => result.failures.length < 10 && result.failures.push(what);
  const compare = (name, expected, t) => {
    const pose = client.world(name);
    if (!pose) return fail(`${name}: no node`);
    const [p, e] = [pose.position, expected.position];
    const dp = Math.hypot(p[0] - e[0], p[1] - e[1], p[2] - e[2]);
    const dr = expected.rotation ? angleDeg(pose.rotation, expected.rotation) : 0;
    result.worstPos = Math.max(result.worstPos, dp);
    result.worstRot = Math.max(result.worstRot, dr);
    result.checks++;
    if (dp > posTol || dr > rotTol)
      fail(`${name} at ${t.toFixed(4)} s: ${(dp * 1000).toPrecision(3)} mm, ${dr.toPrecision(3)} degrees`);
  };
  for (const frame of sample.frames) {
    const t = frame.time;
    if (client.seek(t) === false) continue;
    if (frame.camera) compare('Camera', frame.camera, t);
    for (const [side, Side] of [
      ['left', 'Left'],
      ['right', 'Right'],
    ]) {
      const hand = frame[side];
      const handScale = client.scale(`Hand_${Side}`);
      if (!hand || nearSwitch(side, t) || handScale === null) continue;
      const tracked = handScale > 0.5,
        pinching = client.scale(`Hand_${Side}_Pinching`) > 0.5;
      result.checks++;
      if (tracked !== hand.tracked || pinching !== hand.pinching)
        fail(`Hand_${Side} at ${t.toFixed(4)} s: tracked ${tracked}, pinching ${pinching}`);
      if (hand.tracked)
        for (const [joint, pose] of Object.entries(hand.joints)) compare(`Hand_${Side}_${joint}`, pose, t);
    }
  }
  return result;
}

// The client checkPlayback asks, from poses a client computed beforehand: poses[i][k] = [px, py, pz, qx, qy, qz, qw,
// local scale x] (or null) of names[k] at times[i]. Times at or past `until` are left out (clients that loop show the
// start there).
export function posesClient(poses, times, names, until = Infinity) {
  let at = 0;
  const pose = (name) => poses[at][names.indexOf(name)];
  return {
    seek: (t) => (at = times.indexOf(t)) >= 0 && t < until,
    world: (name) => {
      const p = pose(name);
      return p && { position: p.slice(0, 3), rotation: { x: p[3], y: p[4], z: p[5], w: p[6] } };
    },
    scale: (name) => pose(name)?.[7] ?? null,
  };
}

// The node names a check asks for: the camera, each hand, its pinching node and its joints (`inputanim profile`).
export function checkedNodes(profile) {
  const names = ['Camera'];
  for (const hand of Object.values(profile.nodes.hands))
    names.push(hand, hand + profile.nodes.pinchingSuffix, ...profile.joints.map((j) => `${hand}_${j}`));
  return names;
}

// `inputanim sample` of a file for a client check: in glTF's coordinates, at `rate` Hz, from `start` seconds (a time off
// the keys' own: at a key's exact time some clients still play the STEP key before it, an instant no frame lands on in
// practice).
export function sampleFor(tool, file, rate, start = 0.00037) {
  const info = JSON.parse(execFileSync(tool, ['info', file, '--json']));
  const window = info.duration > 0.001 && start ? ['--start', String(start)] : [];
  const args = ['sample', file, '--format', 'json', '--coordinates', 'gltf', '--rate', String(rate), ...window];
  return { info, sample: JSON.parse(execFileSync(tool, args, { maxBuffer: 1 << 30 })) };
}

// One line of the result, then its failures.
export function report(result, what, times) {
  const { failures, checks, worstPos, worstRot } = result;
  console.log(
    `${failures.length ? 'FAIL' : 'ok  '} ${what}: ${checks} checks at ${times} times, ` +
      `max ${(worstPos * 1000).toPrecision(3)} mm, ${worstRot.toPrecision(3)} deg`,
  );
  for (const f of failures) console.log(`  ${f}`);
  return failures.length === 0;
}
