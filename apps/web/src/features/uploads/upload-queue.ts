/**
 * The uploads of this browser tab (spec 1 §3 "Upload item", §4 "Upload state"): items — a slide's file,
 * or the files of a slide of several (planUploadItems) — added in the None state, queued by Start upload,
 * then sent one at a time: the item's checksum, the stored slide when there is one ('available': not sent
 * again), else each file's bytes over tus, until finished or failed. A failure fails every file of the
 * item (spec 1 §8). Kept outside React, so uploads go on while the user moves between pages, and read
 * by the panel through useSyncExternalStore.
 */
import {
  groupUploadState,
  isUploadHistory,
  UPLOAD_MESSAGES,
  type PlannedUploadItem,
  type UploadFileState,
} from '@tessera/domain';
import { holdBusy } from '../../api/client.ts';
import {
  findStoredSlide,
  itemChecksum,
  itemKeys,
  sendFile,
  type ItemOfFile,
  type SendingFile,
} from '../../api/uploads.ts';

export interface UploadFileEntry {
  file: File;
  /** Its place in the item ('x/Slidedat.ini'); the file's name for an item of one. */
  relativePath: string;
  state: UploadFileState;
  /** Bytes the server holds. */
  sent: number;
}

export interface UploadEntry {
  key: string;
  projectId: string;
  projectName: string;
  /** The slide's name: its file's, or an MRXS file's, or a DICOM folder's. */
  name: string;
  files: readonly UploadFileEntry[];
  /** Why it failed, or what happened instead of sending. */
  message: string | null;
  slideId: string | null;
}

/** The item's state from its files' (spec 1 §4 group rows). */
export const entryState = (entry: UploadEntry): UploadFileState =>
  groupUploadState(entry.files.map((f) => f.state));

export const entrySize = (entry: UploadEntry): number => entry.files.reduce((n, f) => n + f.file.size, 0);

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

  add(projectId: string, projectName: string, items: readonly PlannedUploadItem<File>[]): void {
    const added = items.map(
      (item): UploadEntry => ({
        key: `upload-${nextKey++}`,
        projectId,
        projectName,
        name: item.name,
        files: item.files.map((f) => ({ ...f, state: 'None', sent: 0 })),
        message: null,
        slideId: null,
      }),
    );
    this.set([...this.entries, ...added]);
  }

  /** Start upload: every file not begun is queued, and the queue runs. */
  start(): void {
    this.set(
      this.entries.map((e) => this.withFiles(e, (f) => (f.state === 'None' ? { state: 'Queued' } : {}))),
    );
    void this.run();
  }

  /** Clear history: the items whose files are all finished or failed leave the list. */
  clearHistory(): void {
    this.set(this.entries.filter((e) => !isUploadHistory(e.files.map((f) => f.state))));
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

  private withFiles(
    entry: UploadEntry,
    change: (file: UploadFileEntry, index: number) => Partial<UploadFileEntry>,
  ): UploadEntry {
    return { ...entry, files: entry.files.map((f, i) => ({ ...f, ...change(f, i) })) };
  }

  private update(
    key: string,
    change: Partial<Pick<UploadEntry, 'message' | 'slideId'>>,
    fileChange: (file: UploadFileEntry, index: number) => Partial<UploadFileEntry> = () => ({}),
  ): void {
    this.set(this.entries.map((e) => (e.key === key ? { ...this.withFiles(e, fileChange), ...change } : e)));
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
    return this.entries.find((e) => e.files.some((f) => f.state === 'Queued'));
  }

  private async send(entry: UploadEntry): Promise<void> {
    const { key, files, projectId, name } = entry;
    const isGone = () => !this.entries.some((e) => e.key === key);
    const all = (state: UploadFileState) => () => ({ state });
    const firstFile = files[0]!.relativePath.split('/').pop()!;
    // The first file shows the item at work while its checksum is computed; the others wait their turn.
    this.update(key, { message: null }, (f, i) => (i === 0 ? { state: 'InProgress' } : {}));
    let checksum: string | null = null;
    try {
      checksum = await itemChecksum(files.map((f) => f.file));
      const stored = await findStoredSlide(projectId, { name, checksum, firstFile });
      if (stored) {
        this.update(key, { slideId: stored.id, message: UPLOAD_MESSAGES.alreadyStored }, (f) => ({
          state: 'Finished',
          sent: f.file.size,
        }));
        return;
      }
      const item: ItemOfFile = { projectId, name, checksum };
      const itemKey = files.length > 1 ? itemKeys.keyFor(projectId, checksum) : null;
      for (const [index, { file, relativePath }] of files.entries()) {
        if (isGone()) return;
        const part = itemKey ? { itemKey, relativePath, fileCount: files.length } : undefined;
        this.update(key, {}, (f, i) => (i === index ? { state: 'InProgress' } : {}));
        this.sending = sendFile({ ...item, part }, file, (sent) =>
          this.update(key, {}, (f, i) => (i === index ? { sent } : {})),
        );
        await this.sending.done;
        this.update(key, {}, (f, i) => (i === index ? { state: 'Finished', sent: file.size } : {}));
      }
      itemKeys.forget(projectId, checksum);
      const slide = await findStoredSlide(projectId, { name, checksum, firstFile });
      this.update(key, { slideId: slide?.id ?? null }, all('Finished'));
    } catch (error) {
      // A refused item is over: its next try is a new item. A stopped one resumes (sign-out keeps nothing).
      if (checksum && (error as Error).message !== UPLOAD_MESSAGES.stopped)
        itemKeys.forget(projectId, checksum);
      if (!isGone()) this.update(key, { message: (error as Error).message }, all('Failed'));
    } finally {
      this.sending = null;
    }
  }
}

/** This tab's uploads. */
export const uploadQueue = new UploadQueue();
