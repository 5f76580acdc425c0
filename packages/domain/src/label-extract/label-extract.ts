/**
 * Label extract (spec 1 §2 "Label extract wizard", §4, §6, §7 "Submit label extraction job"; issue #15
 * point 5): a job reads each slide's label image — its text by OCR, its barcodes and 2-D codes — and
 * proposes studyId and blockId from what it read, by patterns each project may set; it writes a proposal
 * where the field is empty, or where the overwrite list names the field. The fields, the patterns and
 * how a proposal is found, what is written, and the texts — shared by the server and the wizard.
 */
import { z } from 'zod';

/** The fields a label may fill (spec 1 §7: the overwrite list of studyId/blockId). */
export const LABEL_FIELDS = ['studyId', 'blockId'] as const;
export type LabelField = (typeof LABEL_FIELDS)[number];

/** Slides one extraction job reads (the table's filtered slides; OCR takes about a second each). */
export const MAX_LABEL_SLIDES = 2000;

export const LABEL_EXTRACT_TEXTS = {
  title: 'Extract label text',
  extractText: 'Extract text',
  summaryPage: 'Summary',
  noPermission: 'No slide manage permission',
  submitFailed: (message: string) => `Failed to submit job: ${message}`,
  overwrite: (field: LabelField) =>
    `Overwrite ${field === 'studyId' ? 'Study ID' : 'Block ID'} when it is set`,
  patterns: 'Patterns',
  patternLabel: (field: LabelField) => `${field === 'studyId' ? 'Study ID' : 'Block ID'} pattern`,
  invalidPattern: 'Not a regular expression this server accepts',
  noLabel: 'The slide has no label image',
  nothingFound: 'Nothing on the label matched the patterns',
  tooManySlides: `At most ${MAX_LABEL_SLIDES.toLocaleString('en-US')} slides can be read at once: filter the table further`,
} as const;

/**
 * A field's pattern: a regular expression (Unicode, case-sensitive unless it says `(?i)` — not
 * supported: write both cases) whose first group, or else whole match, is the value. Bounded, and
 * refused when it does not compile or matches the empty string.
 */
export const labelPatternSchema = z
  .string()
  .min(1)
  .max(200)
  .refine((source) => {
    try {
      return !new RegExp(source, 'u').test('');
    } catch {
      return false;
    }
  }, LABEL_EXTRACT_TEXTS.invalidPattern);

export const labelPatternsSchema = z
  .object({ studyId: labelPatternSchema, blockId: labelPatternSchema })
  .strict();
export type LabelPatterns = z.infer<typeof labelPatternsSchema>;

/**
 * Until a project sets its own: a study is two to five capitals and three to six digits with an optional
 * dash and suffix (TS40112, ST-2024-017); a block is a capital and digits, a dash, then B and digits
 * (P1000-B01).
 */
export const DEFAULT_LABEL_PATTERNS: LabelPatterns = {
  studyId: String.raw`\b([A-Z]{2,5}-?\d{3,6}(?:-\d{1,4})?)\b`,
  blockId: String.raw`\b([A-Z]\d{2,6}-B\d{1,3})\b`,
};

/** What was read on one label: its codes' texts (in reading order) and its text lines by OCR. */
export interface LabelReading {
  codes: string[];
  lines: string[];
}

export interface LabelProposal {
  value: string;
  /** Where it was found: a code (exact) or the text (OCR). */
  source: 'code' | 'text';
}

/**
 * The value each field's pattern finds in a reading: codes first (they are read exactly), then the text
 * lines, the first match of each. A value another field took is not taken again.
 */
export function proposeLabelValues(
  reading: LabelReading,
  patterns: LabelPatterns,
): Partial<Record<LabelField, LabelProposal>> {
  const candidates = [
    ...reading.codes.map((text) => ({ text, source: 'code' as const })),
    ...reading.lines.map((text) => ({ text, source: 'text' as const })),
  ];
  const proposals: Partial<Record<LabelField, LabelProposal>> = {};
  const taken = new Set<string>();
  // The block first: its shape is the narrower, so a study pattern never swallows a block id.
  for (const field of ['blockId', 'studyId'] as const) {
    const pattern = new RegExp(patterns[field], 'gu');
    found: for (const { text, source } of candidates)
      for (const match of text.matchAll(pattern)) {
        const value = (match[1] ?? match[0]).trim();
        if (value && !taken.has(value)) {
          proposals[field] = { value, source };
          taken.add(value);
          break found;
        }
      }
  }
  return proposals;
}

/** Whether a proposal is written: the field is empty, or the overwrite list names it. */
export const shouldWriteLabelValue = (
  field: LabelField,
  current: string | null | undefined,
  overwrite: readonly LabelField[],
): boolean => !current || overwrite.includes(field);

/** What became of one slide's label. */
export interface LabelExtractReport {
  slideId: string;
  fileName: string;
  /** What was read: the codes and the text, for the Summary. */
  codes: string[];
  text: string;
  proposals: Partial<Record<LabelField, LabelProposal>>;
  /** The fields written, with their values. */
  written: Partial<Record<LabelField, string>>;
  /** Why nothing could be read or written, for people. */
  reason: string | null;
}
