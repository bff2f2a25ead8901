import { describe, expect, it } from 'vitest';
import { createUploadQueue, shareProgress, type SendFiles, type UploadItem, type UploadReport } from '../../src/ui/upload-queue';

/*
 * The one upload of the PWA (issue 35 §5): product files, Plus media and software, the store migration. What a member
 * sees of each file is its item: the state (waiting, sending, processing, done, failed), the share of its bytes sent
 * and the outcome line. The queue is driven here by requests the test answers itself.
 */
const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

/** A send whose request the test ends: `calls` holds each request's files and report, with its resolve/reject. */
function controlledSend() {
  const calls: { files: File[]; report: UploadReport; answer: (message?: string) => void; refuse: (message: string) => void }[] = [];
  const send: SendFiles = (files, report) =>
    new Promise((resolve, reject) => {
      calls.push({ files, report, answer: (message) => resolve(message), refuse: (message) => reject(new Error(message)) });
    });
  return { calls, send };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function queue() {
  const changes: (readonly UploadItem[])[] = [];
  const q = createUploadQueue((items) => changes.push(items));
  const view = () => q.items().map((i) => ({ name: i.file.name, state: i.state, sent: i.sent, message: i.message }));
  return { q, changes, view };
}

describe('upload queue', () => {
  it('sends the files one request at a time, each going waiting → sending → processing → done with its line', async () => {
    const { q, view } = queue();
    const { calls, send } = controlledSend();
    const added = q.add([file('a.csv', 100), file('b.csv', 50)], send);
    expect(added.leftOut).toBe(0);
    expect(view().map((f) => f.state)).toEqual(['waiting', 'waiting']);

    await tick();
    expect(calls).toHaveLength(1);
    expect(calls[0].files.map((f) => f.name)).toEqual(['a.csv']);
    expect(view().map((f) => f.state)).toEqual(['sending', 'waiting']);

    calls[0].report.progress(30, 120);
    expect(view()[0]).toMatchObject({ state: 'sending', sent: 0.25 });
    calls[0].report.progress(120, 120);
    expect(view()[0]).toMatchObject({ state: 'processing', sent: 1 });
    calls[0].report.processed(40);
    expect(q.items()[0].processed).toBe(40);

    calls[0].answer('100 rows');
    await tick();
    expect(view()[0]).toMatchObject({ state: 'done', sent: 1, message: '100 rows' });
    expect(q.items()[0].seen).toEqual(['waiting', 'sending', 'processing', 'done']);
    // The second file starts only when the first is answered.
    expect(calls).toHaveLength(2);
    expect(view()[1].state).toBe('sending');

    calls[1].refuse('b.csv: line 3 has no prCode');
    const settled = await added.settled;
    expect(settled.map((i) => [i.file.name, i.state, i.message])).toEqual([
      ['a.csv', 'done', '100 rows'],
      ['b.csv', 'failed', 'b.csv: line 3 has no prCode'],
    ]);
    // A refused file keeps the share it had sent; its bar is not shown full.
    expect(q.items()[1].seen).toEqual(['waiting', 'sending', 'failed']);
    expect(q.items()[1].sent).toBe(0);
  });

  it('runs a second pick after the first, and leaves out what does not fit under max (the product queue of 10)', async () => {
    const { q } = queue();
    const { calls, send } = controlledSend();
    q.add([file('1', 1), file('2', 1), file('3', 1)], send, { max: 4 });
    const second = q.add([file('4', 1), file('5', 1)], send, { max: 4 });
    expect(second.leftOut).toBe(1);
    expect(q.items().map((i) => i.file.name)).toEqual(['1', '2', '3', '4']);
    for (let i = 0; i < 4; i++) {
      await tick();
      calls[i].answer();
    }
    await second.settled;
    expect(calls.map((c) => c.files[0].name)).toEqual(['1', '2', '3', '4']);
    expect(q.items().every((i) => i.state === 'done' && i.message === undefined)).toBe(true);
    // Once they are done there is room again.
    expect(q.add([file('6', 1)], send, { max: 4 }).leftOut).toBe(0);
  });

  it('sends the files of a pick together in one request, and shares its progress out file by file', async () => {
    const { q } = queue();
    const { calls, send } = controlledSend();
    const added = q.add([file('gateways.jsonl', 300), file('tags.jsonl', 100)], send, { together: true });
    await tick();
    expect(calls).toHaveLength(1);
    expect(calls[0].files.map((f) => f.name)).toEqual(['gateways.jsonl', 'tags.jsonl']);
    // Half of the body: the first file is two thirds in, the second not begun.
    calls[0].report.progress(500, 1000);
    expect(q.items().map((i) => [i.state, Number(i.sent.toFixed(3))])).toEqual([
      ['sending', 0.667],
      ['sending', 0],
    ]);
    calls[0].report.progress(875, 1000);
    expect(q.items().map((i) => i.sent)).toEqual([1, 0.5]);
    calls[0].refuse('Migration failed : tags.jsonl is not a store export.');
    const settled = await added.settled;
    // One answer for the whole request: every file carries it.
    expect(settled.map((i) => [i.state, i.message])).toEqual([
      ['failed', 'Migration failed : tags.jsonl is not a store export.'],
      ['failed', 'Migration failed : tags.jsonl is not a store export.'],
    ]);
  });

  it('clears the files that are done or failed and keeps the ones still on their way', async () => {
    const { q, changes } = queue();
    const { calls, send } = controlledSend();
    q.add([file('done.png', 10)], send);
    await tick();
    calls[0].answer();
    await tick();
    q.add([file('going.png', 10)], send);
    await tick();
    q.clear();
    expect(q.items().map((i) => [i.file.name, i.state])).toEqual([['going.png', 'sending']]);
    const before = changes.length;
    // Late progress of a request is ignored once its file is answered; an empty pick changes nothing.
    calls[1].answer();
    await tick();
    calls[1].report.progress(5, 10);
    expect(q.items()[0]).toMatchObject({ state: 'done', sent: 1 });
    expect((await q.add([], send).settled).length).toBe(0);
    expect(changes.length).toBe(before + 1);
  });

  it("shares a request's progress out in the order of the files; an empty file follows the whole", () => {
    expect(shareProgress([10, 0, 10], 0.5)).toEqual([1, 0.5, 0]);
    expect(shareProgress([10, 10], 1)).toEqual([1, 1]);
    expect(shareProgress([], 0.3)).toEqual([]);
  });
});
