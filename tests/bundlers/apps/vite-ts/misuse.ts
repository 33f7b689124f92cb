// Misuse the declarations refuse: tsc fails if any of these compiles (each line is expected to be an error).
import type { InputAnimationLoader, InputAnimationRecorder, InputAnimationRecording } from 'inputanim-three';

export async function misuse(loader: InputAnimationLoader, recording: InputAnimationRecording): Promise<number> {
  // @ts-expect-error: a misspelt joint
  await recording.jointPose('left', 'IndexTop', 1);
  // @ts-expect-error: a misspelt selection
  await recording.sample([1], { select: ['left.Wirst'] });
  const [frame] = await recording.sample([1]);
  // @ts-expect-error: a misspelt field of a sample frame
  console.log(frame.left?.joints.IndexTip?.positon);
  // @ts-expect-error: a misspelt field of the recording's summary
  console.log(recording.info.duraton);
  // @ts-expect-error: a summary's section that does not exist
  console.log(recording.info.sections.head.keys);
  // @ts-expect-error: an option the loader does not have
  loader.setOptions({ sied: 'left' });
  // @ts-expect-error: a worker limit is a number
  loader.setWorkerLimit('2');
  const compared = await recording.diff(recording, { start: 1, end: null, positionTolerance: 0.002 });
  const made = await loader.editAsync(recording, [{ mirror: true }], { name: 'mirrored.bin' });
  console.log(made.messages.length, made.recording.duration);
  // @ts-expect-error: editAsync takes an array of edits
  await loader.editAsync(recording, { mirror: true });
  // @ts-expect-error: a diff option the library does not have
  await recording.diff(recording, { ofset: 0.5 });
  return (await recording.export('bin')).duration + compared.maxPosition;
}

// The recorder as an app uses it, and what its declarations refuse.
export async function record(recorder: InputAnimationRecorder): Promise<number> {
  // @ts-expect-error: a session mode WebXR does not have
  await recorder.start({ mode: 'immersive-xr' });
  // @ts-expect-error: a marker's name is text
  recorder.marker(3);
  const take = await recorder.stop();
  // @ts-expect-error: a take has no 'frames'
  console.log(take.frames);
  return take.bytes.byteLength + take.duration + recorder.elapsed;
}
