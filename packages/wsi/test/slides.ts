import { join, resolve } from 'node:path';

/**
 * The shared real test slides, read in place and never copied (see testdata/slides/SOURCES.md).
 * Development machines and CI keep `shared/` beside the checkout; TESSERA_TEST_SLIDES points elsewhere.
 */
export const SLIDES_DIR =
  process.env['TESSERA_TEST_SLIDES'] ?? resolve(import.meta.dirname, '../../../../shared/testdata/slides');

export function slidePath(name: string): string {
  return join(SLIDES_DIR, name);
}
