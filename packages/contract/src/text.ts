import { z } from 'zod';
import { hasControlCharacters, TEXT_MESSAGES } from '@tessera/domain';

/** Text a caller sends that must hold no control characters (packages/domain text.ts, DESIGN §14). */
export const SafeText = z
  .string()
  .refine((text) => !hasControlCharacters(text), TEXT_MESSAGES.controlCharacters);

/** The global search of the slide tables (spec 1 §2): at most 200 characters. */
export const GlobalSearchText = SafeText.max(200);
