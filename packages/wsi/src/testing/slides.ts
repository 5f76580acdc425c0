import { join } from 'node:path';

/** The shared real test slides (read in place, never copied: see testdata/slides/SOURCES.md). */
export const SLIDES_DIR = '/work/shared/testdata/slides';

export function slidePath(name: string): string {
  return join(SLIDES_DIR, name);
}
