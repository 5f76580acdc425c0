/**
 * The uploads of this browser tab (spec 1 §4 "Upload state"): items added in the None state, queued by
 * Start upload, then sent one at a time — checksum, the stored slide when there is one ('available': not
 * sent again), else the bytes over tus — until finished or failed. Kept outside React, so uploads go on
 * while the user moves between pages, and read by the panel through useSyncExternalStore.
 */
import { UPLOAD_MESSAGES, type UploadFileState } from '@tessera/domain';
import { holdBusy } from '../../api/client.ts';
import { fileChecksum, findStoredSlide, sendFile, type SendingFile } from '../../api/uploads.ts';

export interface UploadEntry {
  key: string;
  projectId: string;
  projectName: string;
  file: File;
  state: UploadFileState;
  /** Bytes the server holds. */
  sent: number;
  /** Why it failed, or what happened instead of sending. */
  message: string | null;
  slideId: string | null;
}

let nextKey = 0;

export class UploadQueue {
  private entries: readonly UploadEntry[] = [];
  private readonly listeners = new Set<() => void>();
  private sending: SendingFile | null = null;
  private isRunning = false;
  /** Told each time the queue runs dry (the panel's owner says so and reloads the slide count). */
  onDrained: (() => void) | null = null;

  readonly snapshot = (): readonly UploadEntry[] => this.entries;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  add(projectId: string, projectName: string, files: readonly File[]): void {
    const added = files.map(
      (file): UploadEntry => ({
        key: `upload-${nextKey++}`,
        projectId,
        projectName,
        file,
        state: 'None',
        sent: 0,
        message: null,
        slideId: null,
      }),
    );
    this.set([...this.entries, ...added]);
  }

  /** Start upload: every file not begun is queued, and the queue runs. */
  start(): void {
    this.set(this.entries.map((e) => (e.state === 'None' ? { ...e, state: 'Queued' } : e)));
    void this.run();
  }

  /** Clear history: the finished and failed files leave the list. */
  clearHistory(): void {
    this.set(this.entries.filter((e) => e.state !== 'Finished' && e.state !== 'Failed'));
  }

  /** Stops everything (sign-out): the request under way is given up and the list emptied. */
  async stop(): Promise<void> {
    const sending = this.sending;
    this.set([]);
    await sending?.abort();
  }

  private set(entries: readonly UploadEntry[]): void {
    this.entries = entries;
    for (const listener of this.listeners) listener();
  }

  private update(key: string, change: Partial<UploadEntry>): void {
    this.set(this.entries.map((e) => (e.key === key ? { ...e, ...change } : e)));
  }

  private async run(): Promise<void> {
    if (this.isRunning) return;
    this.isRunning = true;
    const release = holdBusy();
    try {
      for (let next = this.firstQueued(); next; next = this.firstQueued()) await this.send(next);
    } finally {
      release();
      this.isRunning = false;
      this.onDrained?.();
    }
  }

  private firstQueued(): UploadEntry | undefined {
    return this.entries.find((e) => e.state === 'Queued');
  }

  private async send(entry: UploadEntry): Promise<void> {
    const { key, file, projectId } = entry;
    const isGone = () => !this.entries.some((e) => e.key === key);
    this.update(key, { state: 'InProgress', message: null });
    try {
      const checksum = await fileChecksum(file);
      const stored = await findStoredSlide(projectId, { name: file.name, checksum });
      if (stored) {
        this.update(key, {
          state: 'Finished',
          sent: file.size,
          slideId: stored.id,
          message: UPLOAD_MESSAGES.alreadyStored,
        });
        return;
      }
      if (isGone()) return;
      this.sending = sendFile(projectId, file, checksum, (sent) => this.update(key, { sent }));
      await this.sending.done;
      const slide = await findStoredSlide(projectId, { name: file.name, checksum });
      this.update(key, { state: 'Finished', sent: file.size, slideId: slide?.id ?? null });
    } catch (error) {
      if (!isGone()) this.update(key, { state: 'Failed', message: (error as Error).message });
    } finally {
      this.sending = null;
    }
  }
}

/** This tab's uploads. */
export const uploadQueue = new UploadQueue();
