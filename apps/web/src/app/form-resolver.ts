/**
 * react-hook-form resolver for the web's zod schemas. @hookform/resolvers is typed (and parses) against
 * the zod found at the repository root, a different zod 4 release than the one this app bundles, so its
 * zodResolver neither type-checks nor is guaranteed to parse our schemas. This one asks the schema
 * itself. Form fields here are flat, so an issue's path joined with dots names its field.
 */
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export function formResolver<T extends FieldValues>(schema: z.ZodType<T, T>): Resolver<T> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join('.');
      // The first issue of a field is the one its rule reports first (required before too short).
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
