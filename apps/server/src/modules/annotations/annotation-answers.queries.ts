/** The encoded answers shared by the serving processes (migration 0026; annotation-answers.ts). */
import type { Db } from '../../db/database.ts';
import type { AnswerKey, SharedAnswers } from './annotation-answers.ts';

/** Answers larger than this stay in the process that made them: a row is read whole. */
const MAX_SHARED_BYTES = 256 * 1024 * 1024;

export function sharedAnswers(db: Db): SharedAnswers {
  return {
    async read(key) {
      const row = await db
        .selectFrom('annotation_answers')
        .select('bytes')
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? new Uint8Array(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) : null;
    },
    async write({ key, setId, family }: AnswerKey, answer: Uint8Array) {
      if (answer.byteLength > MAX_SHARED_BYTES) return;
      await db.transaction().execute(async (tx) => {
        if (family !== null)
          await tx
            .deleteFrom('annotation_answers')
            .where('family', '=', family)
            .where('key', '!=', key)
            .execute();
        await tx
          .insertInto('annotation_answers')
          .values({
            key,
            set_id: setId,
            family,
            bytes: Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength),
            made_at: new Date().toISOString(),
          })
          .onConflict((c) => c.column('key').doNothing())
          .execute();
      });
    },
  };
}
