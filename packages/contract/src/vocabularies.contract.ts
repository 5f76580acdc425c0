/** Controlled vocabularies of the slide fields (issue #4): read by every user, changed by administrators. */
import { z } from 'zod';
import { SafeText } from './text.ts';
import { VOCABULARIES } from '@tessera/domain';
import { authenticated, defineRoute } from './route.ts';

const VocabularyName = z.enum(VOCABULARIES as [string, ...string[]]);
const Value = SafeText.trim().min(1, 'Enter a value').max(200, 'A value has at most 200 characters');
export const VocabularyValue = z
  .object({ value: z.string(), parent: z.string().nullable(), deprecatedSince: z.string().nullable() })
  .meta({ id: 'VocabularyValue' });

export const listVocabularies = defineRoute({
  method: 'GET',
  path: '/v1/vocabularies',
  summary: 'Every controlled vocabulary with its values',
  tags: ['vocabularies'],
  access: authenticated,
  response: z.array(z.object({ name: z.string(), values: z.array(VocabularyValue) })),
});

export const addVocabularyValue = defineRoute({
  method: 'POST',
  path: '/v1/vocabularies/:vocabulary/values',
  summary: 'Adds a value to a vocabulary (administrators)',
  tags: ['vocabularies'],
  access: authenticated,
  params: z.object({ vocabulary: VocabularyName }),
  body: z.object({ value: Value, parent: Value.nullish() }).strict(),
  response: VocabularyValue,
  status: 201,
});

export const deprecateVocabularyValue = defineRoute({
  method: 'PATCH',
  path: '/v1/vocabularies/:vocabulary/values',
  summary: 'Deprecates a value from a day on, or takes the deprecation back (administrators)',
  tags: ['vocabularies'],
  access: authenticated,
  params: z.object({ vocabulary: VocabularyName }),
  body: z
    .object({
      value: Value,
      parent: Value.nullish(),
      deprecatedSince: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD')
        .nullable(),
    })
    .strict(),
  response: VocabularyValue,
});
