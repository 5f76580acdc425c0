/**
 * audit-prune: deletes audit-log entries older than N days, in batches so the database is never held for
 * long (SQLite has one writer) and so progress and cancellation take effect between batches.
 */
import { z } from 'zod';
import { defineJobKind } from './job-kind.ts';
import { countAuditEntriesBefore, deleteAuditEntriesBefore } from './audit-prune.queries.ts';

const BATCH_SIZE = 1_000;
const DAY_MS = 86_400_000;

export const auditPruneJob = defineJobKind({
  name: 'audit-prune',
  payload: z.object({
    /** Entries older than this many days are deleted; at least 1 so a slip cannot wipe today's log. */
    olderThanDays: z.number().int().min(1).max(36_500),
  }),
  async handle({ olderThanDays }, ctx) {
    const cutoff = new Date(Date.now() - olderThanDays * DAY_MS).toISOString();
    const total = await countAuditEntriesBefore(ctx.db, cutoff);
    await ctx.log(`Deleting ${total} audit-log entries from before ${cutoff}.`);
    let deleted = 0;
    while (deleted < total) {
      ctx.signal.throwIfAborted();
      const n = await deleteAuditEntriesBefore(ctx.db, cutoff, BATCH_SIZE);
      if (n === 0) break; // someone else pruned concurrently
      deleted += n;
      await ctx.progress((Math.min(deleted, total) / total) * 100);
    }
    await ctx.log(`Deleted ${deleted} audit-log entries.`);
    return { deleted, cutoff };
  },
});
