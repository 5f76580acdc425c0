/**
 * SQL of the shared sign-in rate limit (auth_rate_limits, migration 0015): one upsert per counted
 * request, so every serving process and every restart sees the same count.
 */
import type { Db } from '../../db/database.ts';

/**
 * Counts one hit of `bucket` and answers the hits of its window and when the window ends. A window
 * starts at the first hit after the previous one ended (like @fastify/rate-limit's own store). Both
 * SET expressions read the row as it was, so they agree on whether the window had ended.
 */
export async function countRateLimitHit(
  db: Db,
  bucket: string,
  now: string,
  resetAt: string,
): Promise<{ hits: number; reset_at: string }> {
  return db
    .insertInto('auth_rate_limits')
    .values({ bucket, hits: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet((eb) => {
        const ended = eb('auth_rate_limits.reset_at', '<=', now);
        return {
          hits: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb('auth_rate_limits.hits', '+', 1))
            .end(),
          reset_at: eb
            .case()
            .when(ended)
            .then(eb.ref('excluded.reset_at'))
            .else(eb.ref('auth_rate_limits.reset_at'))
            .end(),
        };
      }),
    )
    .returning(['hits', 'reset_at'])
    .executeTakeFirstOrThrow();
}

/** Deletes the rows whose window ended before `before`; the next hit of such a bucket starts afresh anyway. */
export async function pruneRateLimits(db: Db, before: string): Promise<void> {
  await db.deleteFrom('auth_rate_limits').where('reset_at', '<', before).execute();
}
