import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_MESSAGES } from '@tessera/domain';

// The queue's network: checksum, the stored-slide check and the tus send, each under the test's control.
const api = vi.hoisted(() => ({
  itemChecksum: vi.fn(async (files: Blob[]) => `sum-of-${files.map((f) => f.size).join('+')}`),
  findStoredSlide: vi.fn(async (): Promise<{ id: string } | null> => null),
  sendFile: vi.fn(),
  itemKeys: { keyFor: vi.fn(() => 'k'.repeat(32)), forget: vi.fn() },
}));
vi.mock('../../api/uploads.ts', () => api);
vi.mock('../../api/client.ts', () => ({ holdBusy: () => () => undefined }));

const { entryState, UploadQueue } = await import('./upload-queue.ts');

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
/** An item of one file. */
const single = (name: string, size = 10) => ({
  name,
  files: [{ relativePath: name, file: file(name, size) }],
});
const states = (queue: InstanceType<typeof UploadQueue>) => queue.snapshot().map(entryState);
/** A send the test finishes (or fails) when it likes. */
function controlledSend() {
  let finish!: () => void;
  let fail!: (e: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    sending: { abort: vi.fn(async () => fail(new Error(UPLOAD_MESSAGES.stopped))), done },
    finish,
    fail,
  };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('UploadQueue (spec 1 §4 "Upload state")', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.findStoredSlide.mockResolvedValue(null);
  });

  it('adds files not started, sends them one at a time when started, and says so when it runs dry', async () => {
    const queue = new UploadQueue();
    const drained = vi.fn();
    queue.onDrained = drained;
    queue.add('p1', 'Project 1', [single('a.svs'), single('b.svs')]);
    expect(states(queue)).toEqual(['None', 'None']);
    const first = controlledSend();
    const second = controlledSend();
    api.sendFile.mockReturnValueOnce(first.sending).mockReturnValueOnce(second.sending);

    queue.start();
    await settle();
    expect(states(queue)).toEqual(['InProgress', 'Queued']);
    expect(api.sendFile).toHaveBeenCalledTimes(1);
    api.findStoredSlide.mockResolvedValueOnce({ id: 'slide-a' });
    first.finish();
    await settle();
    expect(states(queue)).toEqual(['Finished', 'InProgress']);
    expect(queue.snapshot()[0]!.slideId).toBe('slide-a');
    second.fail(new Error('The uploaded bytes do not match'));
    await settle();
    expect(queue.snapshot().map((e) => [entryState(e), e.message])).toEqual([
      ['Finished', null],
      ['Failed', 'The uploaded bytes do not match'],
    ]);
    expect(drained).toHaveBeenCalledTimes(1);
    queue.clearHistory();
    expect(queue.snapshot()).toEqual([]);
  });

  it('does not send a file the project has stored already', async () => {
    const queue = new UploadQueue();
    api.findStoredSlide.mockResolvedValue({ id: 'known' });
    queue.add('p1', 'Project 1', [single('a.svs')]);
    queue.start();
    await settle();
    expect(states(queue)).toEqual(['Finished']);
    expect(queue.snapshot()[0]).toMatchObject({
      slideId: 'known',
      message: UPLOAD_MESSAGES.alreadyStored,
    });
    expect(api.sendFile).not.toHaveBeenCalled();
  });

  it('stops on sign-out: the send under way is given up, the list emptied, and the queue runs again later', async () => {
    const queue = new UploadQueue();
    const sending = controlledSend();
    api.sendFile.mockReturnValueOnce(sending.sending);
    queue.add('p1', 'Project 1', [single('a.svs'), single('b.svs')]);
    queue.start();
    await settle();
    await queue.stop();
    await settle();
    expect(sending.sending.abort).toHaveBeenCalled();
    expect(queue.snapshot()).toEqual([]);
    expect(api.sendFile).toHaveBeenCalledTimes(1);

    const next = controlledSend();
    api.sendFile.mockReturnValueOnce(next.sending);
    queue.add('p1', 'Project 1', [single('c.svs')]);
    queue.start();
    await settle();
    expect(states(queue)).toEqual(['InProgress']);
    next.finish();
    await settle();
    expect(states(queue)).toEqual(['Finished']);
  });

  it('sends the files of an item of several one by one into one item, and fails them all when one is refused', async () => {
    const queue = new UploadQueue();
    const files = ['x.mrxs', 'x/Index.dat', 'x/Slidedat.ini'].map((relativePath, i) => ({
      relativePath,
      file: file(relativePath.split('/').pop()!, 10 + i),
    }));
    queue.add('p1', 'Project 1', [{ name: 'x.mrxs', files }]);
    const sends = [controlledSend(), controlledSend(), controlledSend()];
    for (const s of sends) api.sendFile.mockReturnValueOnce(s.sending);
    queue.start();
    await settle();
    const fileStates = () => queue.snapshot()[0]!.files.map((f) => f.state);
    expect(fileStates()).toEqual(['InProgress', 'Queued', 'Queued']);
    expect(api.sendFile).toHaveBeenLastCalledWith(
      {
        projectId: 'p1',
        name: 'x.mrxs',
        checksum: 'sum-of-10+11+12',
        part: { itemKey: 'k'.repeat(32), relativePath: 'x.mrxs', fileCount: 3 },
      },
      files[0]!.file,
      expect.any(Function),
    );
    sends[0]!.finish();
    await settle();
    expect(fileStates()).toEqual(['Finished', 'InProgress', 'Queued']);
    expect(api.sendFile).toHaveBeenCalledTimes(2);
    expect(entryState(queue.snapshot()[0]!)).toBe('InProgress');
    sends[1]!.fail(new Error('The uploaded bytes do not match'));
    await settle();
    // Spec 1 §8: a slide creation failure marks all files Failed; the item's next try is a new item.
    expect(fileStates()).toEqual(['Failed', 'Failed', 'Failed']);
    expect(api.sendFile).toHaveBeenCalledTimes(2);
    expect(api.itemKeys.forget).toHaveBeenCalledWith('p1', 'sum-of-10+11+12');
  });
});
