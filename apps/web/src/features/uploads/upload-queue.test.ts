import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_MESSAGES } from '@tessera/domain';

// The queue's network: checksum, the stored-slide check and the tus send, each under the test's control.
const api = vi.hoisted(() => ({
  fileChecksum: vi.fn(async (file: Blob) => `sum-of-${file.size}`),
  findStoredSlide: vi.fn(async (): Promise<{ id: string } | null> => null),
  sendFile: vi.fn(),
}));
vi.mock('../../api/uploads.ts', () => api);
vi.mock('../../api/client.ts', () => ({ holdBusy: () => () => undefined }));

const { UploadQueue } = await import('./upload-queue.ts');

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
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
    queue.add('p1', 'Project 1', [file('a.svs'), file('b.svs')]);
    expect(queue.snapshot().map((e) => e.state)).toEqual(['None', 'None']);
    const first = controlledSend();
    const second = controlledSend();
    api.sendFile.mockReturnValueOnce(first.sending).mockReturnValueOnce(second.sending);

    queue.start();
    await settle();
    expect(queue.snapshot().map((e) => e.state)).toEqual(['InProgress', 'Queued']);
    expect(api.sendFile).toHaveBeenCalledTimes(1);
    api.findStoredSlide.mockResolvedValueOnce({ id: 'slide-a' });
    first.finish();
    await settle();
    expect(queue.snapshot().map((e) => e.state)).toEqual(['Finished', 'InProgress']);
    expect(queue.snapshot()[0]!.slideId).toBe('slide-a');
    second.fail(new Error('The uploaded bytes do not match'));
    await settle();
    expect(queue.snapshot().map((e) => [e.state, e.message])).toEqual([
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
    queue.add('p1', 'Project 1', [file('a.svs')]);
    queue.start();
    await settle();
    expect(queue.snapshot()[0]).toMatchObject({
      state: 'Finished',
      slideId: 'known',
      message: UPLOAD_MESSAGES.alreadyStored,
    });
    expect(api.sendFile).not.toHaveBeenCalled();
  });

  it('stops on sign-out: the send under way is given up, the list emptied, and the queue runs again later', async () => {
    const queue = new UploadQueue();
    const sending = controlledSend();
    api.sendFile.mockReturnValueOnce(sending.sending);
    queue.add('p1', 'Project 1', [file('a.svs'), file('b.svs')]);
    queue.start();
    await settle();
    await queue.stop();
    await settle();
    expect(sending.sending.abort).toHaveBeenCalled();
    expect(queue.snapshot()).toEqual([]);
    expect(api.sendFile).toHaveBeenCalledTimes(1);

    const next = controlledSend();
    api.sendFile.mockReturnValueOnce(next.sending);
    queue.add('p1', 'Project 1', [file('c.svs')]);
    queue.start();
    await settle();
    expect(queue.snapshot()[0]!.state).toBe('InProgress');
    next.finish();
    await settle();
    expect(queue.snapshot()[0]!.state).toBe('Finished');
  });
});
