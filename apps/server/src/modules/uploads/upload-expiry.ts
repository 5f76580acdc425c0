/**
 * Giving up abandoned uploads (issue #15 point 1; TESSERA_UPLOAD_EXPIRY_HOURS): run by the serving primary
 * at start and hourly (cli/serve.ts).
 */
import { rm, stat } from 'node:fs/promises';
import { UPLOAD_MESSAGES } from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import * as q from './uploads.queries.ts';
import { receivedPath } from './uploads.service.ts';

/** How often the serving primary looks for uploads to give up (expireUploads). */
export const UPLOAD_EXPIRY_CHECK_MS = 60 * 60_000;

/**
 * Gives up the uploads no byte came to for the server's expiry (TESSERA_UPLOAD_EXPIRY_HOURS): their bytes
 * and tus's record of them go, and the row says why (failed), so their client's next request is told
 * 410 with that reason and a tus client starts over. The time of an upload's last byte is its received
 * file's (each PATCH writes it); an item of several files is given up whole, when none of its files had
 * a byte for that long. One whose bytes are all in is recovery's to register, never given up. Answers how
 * many uploads were given up; several servers may run it at once (one gives each up).
 */
export async function expireUploads(ctx: AppContext, now = Date.now()): Promise<number> {
  const cutoff = now - ctx.config.uploadExpiryMs;
  const cutoffIso = new Date(cutoff).toISOString();
  const message = UPLOAD_MESSAGES.expired(Number((ctx.config.uploadExpiryMs / 3_600_000).toFixed(2)));
  const seenItems = new Set<string>();
  let count = 0;
  for (const row of await q.findReceivingUploads(ctx.db, cutoffIso)) {
    const item = `${row.user_id} ${row.item_key}`; // keys are per user
    if (row.item_key !== null && seenItems.has(item)) continue;
    if (row.item_key !== null) seenItems.add(item);
    const files = row.item_key ? await q.findItemUploads(ctx.db, row.user_id, row.item_key) : [row];
    if (files.some((f) => f.state !== 'receiving' || f.created_at >= cutoffIso)) continue;
    const received = await Promise.all(files.map((f) => stat(receivedPath(ctx, f.id)).catch(() => null)));
    // A complete part is given up too: no final upload came to join it.
    const isComplete =
      !row.is_partial &&
      files.length === (row.file_count ?? 1) &&
      received.every((file, i) => file?.size === files[i]!.size);
    if (isComplete || received.some((file) => file && file.mtimeMs > cutoff)) continue;
    for (const file of files) {
      if (!(await q.markExpired(ctx.db, file.id, message, new Date(now).toISOString()))) continue;
      await rm(receivedPath(ctx, file.id), { force: true });
      await rm(`${receivedPath(ctx, file.id)}.json`, { force: true });
      count++;
    }
  }
  return count;
}
