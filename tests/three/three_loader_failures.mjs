// The three.js loader's failures and contract, in the page three_loader.mjs serves (window.lib: three.js and the
// packed loader): broken files, bad options and abort() reaching onError; parse(); three's Loader contract; editAsync;
// diff; dispose().
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Into `work`: broken.bin, `recording` cut short; damaged.glb, its archive with the lowest bit of the buffer's last
// value flipped (it still reads, but its buffer is not the one its record hashed).
export function writeBroken(tool, recording, work) {
  writeFileSync(join(work, 'broken.bin'), readFileSync(recording).subarray(0, 4000));
  execFileSync(tool, ['convert', recording, join(work, 'damaged.glb'), '-q', '--force']);
  const damaged = readFileSync(join(work, 'damaged.glb'));
  damaged[damaged.length - 4] ^= 1;
  writeFileSync(join(work, 'damaged.glb'), damaged);
}

// What the page's loaders answer for broken files, a bad option, abort() and parse().
function loadBrokenFiles(page) {
  return page.evaluate(async () => {
    const { InputAnimationLoader } = window.lib;
    const viaCallback = await new Promise((resolve) =>
      new InputAnimationLoader().load(
        'broken.bin',
        () => resolve('loaded'),
        undefined,
        (e) => resolve(e.message),
      ),
    );
    const missing = await new Promise((resolve) =>
      new InputAnimationLoader().load(
        'missing.bin',
        () => resolve('loaded'),
        undefined,
        (e) => resolve(e.message),
      ),
    );
    const rejected = await new InputAnimationLoader().loadAsync('broken.bin').then(
      () => 'loaded',
      (e) => e.message,
    );
    const badOption = await new InputAnimationLoader()
      .setOptions({ side: 'up' })
      .loadAsync('real.bin')
      .then(
        () => 'loaded',
        (e) => e.message,
      );
    const aborting = new InputAnimationLoader();
    const aborted = new Promise((resolve) =>
      aborting.load(
        'real.bin',
        () => resolve('loaded'),
        undefined,
        (e) => resolve(e.message),
      ),
    );
    aborting.abort();
    // parse() of bytes the page holds: they stay the page's.
    const bytes = await (await fetch('real.bin')).arrayBuffer();
    const parsed = await new Promise((resolve) =>
      new InputAnimationLoader().setOptions({ name: 'held.bin' }).parse(
        bytes,
        '',
        (gltf) => {
          gltf.recording.dispose();
          resolve(`${gltf.recording.name} ${gltf.recording.duration}`);
        },
        (e) => resolve(e.message),
      ),
    );
    const parseFailed = await new Promise((resolve) =>
      new InputAnimationLoader().setOptions({ name: 'cut.bin' }).parse(
        bytes.slice(0, 100),
        '',
        () => resolve('loaded'),
        (e) => resolve(e.message),
      ),
    );
    // An archive with one bit of its buffer flipped: refused, or read as it is when asked, with a warning.
    const damaged = await new InputAnimationLoader().loadAsync('damaged.glb').then(
      () => 'loaded',
      (e) => e.message,
    );
    const accepted = await new InputAnimationLoader()
      .setOptions({ acceptDamaged: true })
      .loadAsync('damaged.glb')
      .then(
        (gltf) => (gltf.recording.dispose(), JSON.stringify(gltf.recording.info)),
        (e) => e.message,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
    return {
      damaged,
      accepted,
      viaCallback,
      missing,
      rejected,
      badOption,
      aborted: await aborted,
      parsed,
      parseFailed,
      kept: bytes.byteLength,
      unhandled: window.unhandled,
    };
  });
}

// Broken files: onError with the file's name and the library's reason; loadAsync rejects; nothing unhandled.
export async function checkFailures(page, { expect, info, recording, tool, work }) {
  const broken = await loadBrokenFiles(page);
  const cliError = (() => {
    try {
      execFileSync(tool, ['info', join(work, 'broken.bin')], { stdio: 'pipe' });
      return '';
    } catch (e) {
      return e.stderr.toString();
    }
  })();
  const reason = broken.viaCallback.replace(/^broken\.bin:\s*/, '');
  expect(
    broken.viaCallback.startsWith('broken.bin') &&
      reason.length > 10 &&
      cliError.includes(reason.slice(0, 40)) &&
      broken.rejected === broken.viaCallback,
    `a truncated .bin reaches onError and rejects loadAsync: "${broken.viaCallback}" (the CLI: "${cliError.trim().split('\n')[0]}")`,
  );
  expect(
    broken.missing.startsWith('missing.bin') && /404/.test(broken.missing),
    `a missing file reaches onError: "${broken.missing}"`,
  );
  expect(broken.badOption.includes('side'), `a bad option is refused by name: "${broken.badOption}"`);
  expect(
    /^damaged\.glb: the archive is damaged: its buffer's SHA-256 is [0-9a-f]{64}, its record says [0-9a-f]{64}$/.test(
      broken.damaged,
    ),
    `an archive with a flipped bit is refused, naming both hashes and no CLI flag: "${broken.damaged}"`,
  );
  expect(
    broken.accepted.includes('the archive is damaged') && broken.accepted.includes('read as it is'),
    `with acceptDamaged it is read as it is, saying so in info.input.notes`,
  );
  expect(/aborted/.test(broken.aborted), `abort() ends a load through onError: "${broken.aborted}"`);
  expect(
    broken.parsed === `held.bin ${info.duration}` && broken.kept === readFileSync(recording).length,
    `parse() of the page's bytes: "${broken.parsed}", and the page keeps its ${broken.kept} bytes`,
  );
  expect(broken.parseFailed.startsWith('cut.bin: '), `parse() errors name the file too: "${broken.parseFailed}"`);
  expect(broken.unhandled.length === 0, `no unhandled rejection (${broken.unhandled.join('; ')})`);
}

// dispose(): the GPU resources go back to their count before loading, and the worker is gone.
export async function checkDispose(page, { expect }) {
  const memory = await page.evaluate(async () => {
    const { THREE, InputAnimationLoader } = window.lib;
    const renderer = new THREE.WebGLRenderer();
    renderer.setSize(320, 240);
    const scene = new THREE.Scene(),
      camera = new THREE.PerspectiveCamera(50, 4 / 3, 0.01, 100);
    camera.position.set(0, 1.6, -1);
    camera.lookAt(0, 1.2, 0.4);
    // A lit box first: the renderer makes a texture of its own for its first lit material, which stays.
    scene.add(new THREE.Mesh(new THREE.BoxGeometry(), new THREE.MeshStandardMaterial()));
    renderer.render(scene, camera);
    const before = { ...renderer.info.memory };
    const gltf = await new InputAnimationLoader().loadAsync('real.bin');
    scene.add(gltf.scene);
    const mixer = new THREE.AnimationMixer(gltf.scene);
    mixer.clipAction(gltf.animations[0]).play();
    mixer.setTime(3);
    renderer.render(scene, camera);
    const loaded = { ...renderer.info.memory };
    mixer.stopAllAction();
    mixer.uncacheRoot(gltf.scene);
    gltf.recording.dispose();
    renderer.render(scene, camera);
    const after = { ...renderer.info.memory };
    const afterDispose = await gltf.recording.jointPose('left', 'Wrist', 1).then(
      () => 'answered',
      (e) => e.message,
    );
    renderer.dispose();
    return { before, loaded, after, afterDispose, inScene: scene.children.includes(gltf.scene) };
  });
  expect(
    memory.loaded.geometries > memory.before.geometries &&
      memory.after.geometries === memory.before.geometries &&
      memory.after.textures === memory.before.textures &&
      !memory.inScene,
    `dispose(): geometries ${memory.before.geometries} -> ${memory.loaded.geometries} -> ${memory.after.geometries}, textures ${memory.before.textures} -> ${memory.loaded.textures} -> ${memory.after.textures}`,
  );
  expect(/disposed/.test(memory.afterDispose), `after dispose(), jointPose rejects: "${memory.afterDispose}"`);
}

// A load without THREE.Cache: the file streams into the worker as it arrives, its progress reported as FileLoader
// reports it; into a worker already running it is copied into the library's memory as it arrives (the poses then
// those of the same bytes parsed).
function streamingResults(page) {
  return page.evaluate(async () => {
    const { InputAnimationLoader } = window.lib;
    const progress = [];
    const streamed = await new Promise((resolve, reject) =>
      new InputAnimationLoader().load(
        'real.bin',
        resolve,
        (e) => progress.push([e.loaded, e.total, e.lengthComputable]),
        reject,
      ),
    );
    streamed.recording.dispose();
    const ready = new InputAnimationLoader();
    await ready.libraryVersion();
    const arrived = await ready.loadAsync('real.bin');
    const bytes = await (await fetch('real.bin')).arrayBuffer();
    const parsed = await new InputAnimationLoader().parseAsync(bytes, '');
    const pose = async (r) => JSON.stringify(await r.jointPose('left', 'IndexTip', 3.995));
    const samePose = (await pose(arrived.recording)) === (await pose(parsed.recording));
    [arrived, parsed].forEach((g) => g.recording.dispose());
    return { progress, duration: streamed.recording.duration, samePose, arrived: arrived.recording.duration };
  });
}

export async function checkStreaming(page, { expect, info, recording }) {
  const s = await streamingResults(page);
  const size = readFileSync(recording).length,
    last = s.progress.at(-1) ?? [];
  expect(
    s.duration === info.duration &&
      last[0] === size &&
      s.progress.every(
        ([loaded, total, computable], i) => total === size && computable && loaded > (s.progress[i - 1]?.[0] ?? 0),
      ),
    `streamed into the worker: ${s.progress.length} progress events, the last ${last.join(' ')} (the file: ${size} bytes)`,
  );
  expect(
    s.samePose && s.arrived === info.duration,
    'into a running worker, copied into its memory as it arrived: jointPose as the same bytes parsed give',
  );
}

// What the page's loaders do with a shared cache, onLoad's exception, parseAsync, unknown options, a worker limit,
// the loader's dispose() and a library that is not there.
function contractResults(page) {
  return page.evaluate(async () => {
    const { THREE, InputAnimationLoader } = window.lib;
    THREE.Cache.enabled = true;
    const together = await Promise.allSettled([1, 2, 3].map(() => new InputAnimationLoader().loadAsync('real.bin')));
    const cached = (THREE.Cache.get('file:real.bin') ?? THREE.Cache.get('real.bin'))?.byteLength; // three.js r168 on: file:
    THREE.Cache.enabled = false;
    THREE.Cache.clear();
    together.forEach((r) => r.value?.recording.dispose());
    const ended = [];
    const manager = new THREE.LoadingManager(
      () => ended.push('loaded'),
      undefined,
      (url) => ended.push(`error ${url}`),
    );
    const thrown = await new Promise((resolve) =>
      new InputAnimationLoader(manager).load(
        'real.bin',
        (gltf) => {
          gltf.recording.dispose();
          throw new Error('from onLoad');
        },
        undefined,
        (e) => resolve(e.message),
      ),
    );
    const bytes = await (await fetch('real.bin')).arrayBuffer();
    const parsedAsync = await new InputAnimationLoader().parseAsync(bytes, '').then((g) => {
      g.recording.dispose();
      return g.recording.duration;
    });
    const refused = [{ sied: 'left' }, { chek: false }, { helpers: 'no' }].map((o) => {
      try {
        new InputAnimationLoader().setOptions(o);
        return 'accepted';
      } catch (e) {
        return e.message;
      }
    });
    const shared = new InputAnimationLoader().setWorkerLimit(1);
    const [a, b] = await Promise.all([shared.loadAsync('real.bin'), shared.loadAsync('real.bin')]);
    const oneWorker = a.recording.worker === b.recording.worker;
    // diff() in one worker, and from another worker (handed over as its .bin); a non-recording refused.
    const other = await new InputAnimationLoader().loadAsync('real.bin');
    const diffs = await Promise.all([a.recording.diff(b.recording), a.recording.diff(other.recording)]);
    other.recording.dispose();
    const diffed = diffs.map((d) => `${d.schema} ${d.within} ${d.differs.length} ${d.a} ${d.b}`);
    diffed.push(await a.recording.diff(42).catch((e) => e.message));
    // At an offset: B a quarter second later than A; a misspelt option and a non-finite offset refused; a window.
    const later = await a.recording.diff(b.recording, { offset: 0.25 });
    diffed.push(`${later.offset} ${later.within} ${later.end.toFixed(3)} ${a.recording.info.duration.toFixed(3)}`);
    diffed.push(await a.recording.diff(b.recording, { ofset: 1 }).catch((e) => e.message));
    diffed.push(await a.recording.diff(b.recording, { offset: 'soon' }).catch((e) => e.message));
    diffed.push(await a.recording.diff(b.recording, { offset: NaN }).catch((e) => e.message));
    const span = await a.recording.diff(b.recording, { start: 1, end: 2.5, rate: 10, positionTolerance: 1e-6 });
    diffed.push(`${span.start} ${span.end} ${span.rate} ${span.tolerances.position} ${span.poses[0].samples}`);
    diffed.push(await a.recording.diff(b.recording, { start: 2, end: 1 }).catch((e) => e.message));
    diffed.push(await a.recording.diff(b.recording, 5).catch((e) => e.message));
    a.recording.dispose();
    const afterOther = await b.recording.jointPose('left', 'Wrist', 1).then(
      () => 'answered',
      (e) => e.message,
    );
    b.recording.dispose();
    const preloaded = new InputAnimationLoader().preload();
    const spare = preloaded.pool.workers[0];
    preloaded.dispose();
    const nowhere = await new InputAnimationLoader()
      .setLibraryPath('/nowhere/')
      .loadAsync('real.bin')
      .then(
        () => 'loaded',
        (e) => e.message,
      );
    return {
      diffed,
      together: together.map((r) => r.status),
      cached,
      thrown,
      ended,
      parsedAsync,
      refused,
      oneWorker,
      afterOther,
      workerEnded: a.recording.worker.worker === null,
      spareEnded: spare.worker === null,
      nowhere,
    };
  });
}

// editAsync: an edit opened beside the recording in its worker; its .bin the bytes edit() writes; bad requests.
function editingResults(page) {
  return page.evaluate(async () => {
    const { InputAnimationLoader } = window.lib;
    const shared = new InputAnimationLoader();
    const a = await shared.loadAsync('real.bin');
    const edits = [{ trim: { start: 1, end: 3 } }, { mirror: true }];
    const made = await shared.editAsync(a.recording, edits);
    const bytesOf = async (written) => new Uint8Array(await (await written).blob.arrayBuffer()).join();
    const editRefused = await Promise.all(
      [
        shared.editAsync(a.recording, [{ cut: 1 }]),
        shared.editAsync(42, edits),
        shared.editAsync(a.recording, edits, { nmae: 'x' }),
        shared.editAsync(a.recording, 'trim'),
      ].map((p) =>
        p.then(
          () => 'opened',
          (e) => e.message,
        ),
      ),
    );
    const editing = {
      name: made.recording.name,
      sameWorker: made.recording.worker === a.recording.worker,
      sameBytes: (await bytesOf(made.recording.export('bin'))) === (await bytesOf(a.recording.edit(edits))),
      duration: made.recording.duration,
      messages: Array.isArray(made.messages),
      refused: editRefused,
    };
    a.recording.dispose();
    editing.afterOriginal = await made.recording.jointPose('left', 'Wrist', 1).then(
      () => 'answered',
      (e) => e.message,
    );
    made.recording.dispose();
    return { ...editing, workerEnded: a.recording.worker.worker === null };
  });
}

// three's Loader contract: shared buffers (THREE.Cache, one URL at once) are copied, not taken; onLoad's exception
// goes to onError and the manager ends; parseAsync; unknown options refused by name; a worker limit that recordings
// share; dispose() of the loader; a library that is not there named with its address.
export async function checkContract(page, { expect, info, recording }) {
  const c = await contractResults(page);
  expect(
    c.together.every((s) => s === 'fulfilled') && c.cached === readFileSync(recording).length,
    `three loads of one URL at once with THREE.Cache: [${c.together}], the cache keeps its ${c.cached} bytes`,
  );
  expect(
    c.thrown === 'from onLoad' && c.ended.join() === 'error real.bin,loaded',
    `onLoad's exception reaches onError and the manager ends (${c.ended})`,
  );
  expect(c.parsedAsync === info.duration, `parseAsync: ${c.parsedAsync} s`);
  expect(
    /unknown option 'sied' \(did you mean 'side'\?\)/.test(c.refused[0]) &&
      /'chek'.*'check'/.test(c.refused[1]) &&
      /'helpers' takes a boolean/.test(c.refused[2]),
    `unknown options are refused by name: ${c.refused.join(' | ')}`,
  );
  expect(
    c.oneWorker && c.afterOther === 'answered' && c.workerEnded,
    'setWorkerLimit(1): two recordings share a worker, which ends with the last',
  );
  expect(c.spareEnded, "the loader's dispose() ends the worker preload() started");
  expect(
    c.diffed[0] === 'inputanim.diff/1 true 0 real.bin real.bin' &&
      c.diffed[1] === c.diffed[0] &&
      c.diffed[2] === 'real.bin: diff takes a recording the loader opened, not the number 42' &&
      c.diffed[3].startsWith('0.25 false ') &&
      Number(c.diffed[3].split(' ')[2]) === Number((Number(c.diffed[3].split(' ')[3]) - 0.25).toFixed(3)) &&
      /^real\.bin: diff options: 'ofset' is not one \(rate, start, end, offset, /.test(c.diffed[4]) &&
      /'offset' takes a finite number, or null/.test(c.diffed[5]) &&
      /'offset' takes a finite number, or null/.test(c.diffed[6]) &&
      c.diffed[7] === '1 2.5 10 0.000001 16' &&
      /the times compared are not a finite interval/.test(c.diffed[8]) &&
      /^real\.bin: diff options: expected a JSON object of rate, start/.test(c.diffed[9]),
    `diff() of one recording with itself, in its worker and from another, at an offset and over a window: ${c.diffed.join(' | ')}`,
  );
  const e = await editingResults(page);
  expect(
    e.name === 'real-edited.bin' &&
      e.sameWorker &&
      e.sameBytes &&
      e.duration === 2 &&
      e.messages &&
      e.afterOriginal === 'answered' &&
      /^real\.bin: \/edits\/0: an edit is/.test(e.refused[0]) &&
      /^editAsync takes a recording an InputAnimationLoader opened, not the number 42/.test(e.refused[1]) &&
      e.refused[2] === "real.bin: editAsync takes {name}, not 'nmae'" &&
      /^real\.bin: edit takes an array of edits/.test(e.refused[3]) &&
      e.workerEnded,
    `editAsync opens ${e.name} (${e.duration} s) in the worker of the recording edited (${e.sameWorker}), its .bin edit()'s (${e.sameBytes}); it answers after the original is disposed of, and the worker ends with the last; refused: ${e.refused.join(' | ')}`,
  );
  expect(
    /\/nowhere\/worker\.js answered HTTP 404/.test(c.nowhere),
    `a library that is not there is named: "${c.nowhere}"`,
  );
}
