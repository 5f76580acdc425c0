import { canManageVocabularies, VOCABULARIES } from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../actor.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import { ERROR_CODES } from '@tessera/contract';
import * as q from './vocabularies.queries.ts';

export async function listVocabularies(ctx: AppContext) {
  const all = await q.findVocabularies(ctx.db, VOCABULARIES);
  return [...all].map(([name, values]) => ({
    name,
    values: values.map((v) => ({
      value: v.value,
      parent: v.parent ?? null,
      deprecatedSince: v.deprecatedSince ?? null,
    })),
  }));
}

export async function addValue(
  ctx: AppContext,
  actor: Actor,
  vocabulary: string,
  input: { value: string; parent?: string | null },
) {
  if (!canManageVocabularies(actor.systemRoles)) throw forbidden('Only administrators change vocabularies');
  const parent = input.parent ?? '';
  if (!(await q.insertVocabularyValue(ctx.db, vocabulary, parent, input.value))) {
    throw new AppError(409, ERROR_CODES.conflict, `The value '${input.value}' is in the vocabulary already`);
  }
  return { value: input.value, parent: input.parent ?? null, deprecatedSince: null };
}

export async function deprecateValue(
  ctx: AppContext,
  actor: Actor,
  vocabulary: string,
  input: { value: string; parent?: string | null; deprecatedSince: string | null },
) {
  if (!canManageVocabularies(actor.systemRoles)) throw forbidden('Only administrators change vocabularies');
  if (
    !(await q.setDeprecatedSince(ctx.db, vocabulary, input.parent ?? '', input.value, input.deprecatedSince))
  ) {
    throw notFound(`The value '${input.value}' is not in the vocabulary`);
  }
  return { value: input.value, parent: input.parent ?? null, deprecatedSince: input.deprecatedSince };
}
