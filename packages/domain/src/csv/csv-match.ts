/**
 * A CSV cell's text as the value its field stores (spec 1 §5 CSV value matching): controlled values
 * looked up case-insensitively in their vocabulary (indexed once per list), assays as hyphen lists of
 * markers, the rest through the cell normalization and check.
 */
import type { AssayChannel } from '../fields/assays.ts';
import { checkCellValue, choosableValues, normalizeCellValue, type DateOrder } from '../fields/cell-value.ts';
import type { AllowedValue, FieldDescriptor } from '../fields/field-types.ts';
import { unescapeCsvCell } from './csv-export.ts';

export interface CsvMatchContext {
  /** The markers assays may name (the vocabulary's choosable values). */
  markers: readonly string[];
  /** The browser's date order, for dates that are not ISO. */
  dateOrder: DateOrder;
}

export type CsvMatch = { value: unknown } | { isUnsupported: true };

export const UNSUPPORTED = { isUnsupported: true } as const;

/**
 * A vocabulary looked up by text: exact spellings, and each lower-case spelling to the first value that has
 * it. Built once per vocabulary (a 10,000-line import matches the same few lists over and over).
 */
interface VocabularyIndex {
  exact: ReadonlySet<string>;
  byLowerCase: ReadonlyMap<string, string>;
  /** The most hyphens a value holds: how many parts of an assays list one marker may span. */
  maxHyphens: number;
}

export function indexVocabulary(values: readonly string[]): VocabularyIndex {
  const byLowerCase = new Map<string, string>();
  for (const v of values) if (!byLowerCase.has(v.toLowerCase())) byLowerCase.set(v.toLowerCase(), v);
  const maxHyphens = values.reduce((most, v) => Math.max(most, v.split('-').length - 1), 0);
  return { exact: new Set(values), byLowerCase, maxHyphens };
}

const markerIndexes = new WeakMap<readonly string[], VocabularyIndex>();
const allowedIndexes = new WeakMap<readonly AllowedValue[], { day: string; index: VocabularyIndex }>();

function markerIndex(markers: readonly string[]): VocabularyIndex {
  let index = markerIndexes.get(markers);
  if (!index) markerIndexes.set(markers, (index = indexVocabulary(markers)));
  return index;
}

/** Deprecated values are left out: they are kept on slides that hold them but cannot be set anew. */
function allowedIndex(allowed: readonly AllowedValue[]): VocabularyIndex {
  const day = new Date().toISOString().slice(0, 10);
  const cached = allowedIndexes.get(allowed);
  if (cached?.day === day) return cached.index;
  const index = indexVocabulary(choosableValues(allowed, day).map((a) => a.value));
  allowedIndexes.set(allowed, { day, index });
  return index;
}

/** The vocabulary's own spelling of a text: an exact match first, else one that differs only in case. */
export const findInVocabulary = (index: VocabularyIndex, text: string): string | undefined =>
  index.exact.has(text) ? text : index.byLowerCase.get(text.toLowerCase());

/**
 * Markers from a hyphen list. Markers may hold hyphens themselves (PD-L1, Ki-67), so at each position the
 * longest run of parts that names a marker is taken: 'PD-L1-CD8' is PD-L1 then CD8, never PD then L1.
 */
function matchAssays(text: string, markers: readonly string[]): CsvMatch {
  const index = markerIndex(markers);
  const parts = text.split('-').map((part) => part.trim());
  const assays: AssayChannel[] = [];
  let start = 0;
  while (start < parts.length) {
    const match = longestMarkerAt(parts, start, index);
    if (!match) return UNSUPPORTED;
    assays.push({ channel: assays.length + 1, marker: match.marker });
    start = match.end;
  }
  return { value: assays };
}

function longestMarkerAt(
  parts: readonly string[],
  start: number,
  index: VocabularyIndex,
): { marker: string; end: number } | null {
  if (parts[start] === '') return null; // 'CD3--CD8' or a trailing hyphen: a channel without a marker
  for (let end = Math.min(parts.length, start + index.maxHyphens + 1); end > start; end--) {
    const marker = findInVocabulary(index, parts.slice(start, end).join('-'));
    if (marker) return { marker, end };
  }
  return null;
}

/** One item of a controlled field: the vocabulary's spelling, the text itself for free-text fields. */
function matchControlled(field: FieldDescriptor, text: string): string | undefined {
  if (!field.allowedValues) return text;
  return (
    findInVocabulary(allowedIndex(field.allowedValues), text) ?? (field.allowsFreeText ? text : undefined)
  );
}

/**
 * A cell's text as the value the field stores (spec 1 §5 CSV value matching), or unsupported. Controlled
 * values match case-insensitively and take the vocabulary's spelling; multi-value fields are
 * comma-separated (duplicates dropped); assays are a hyphen list of markers numbered from channel 1;
 * numbers, dates and booleans go through the cell normalization and check. Empty is null. A formula
 * prefix written by the export is removed first, so an exported file imports as it was.
 */
export function matchCsvValue(field: FieldDescriptor, text: string, context: CsvMatchContext): CsvMatch {
  const trimmed = unescapeCsvCell(text.trim()).trim();
  if (trimmed === '') return { value: null };
  if (field.fieldName === 'assays') return matchAssays(trimmed, context.markers);
  if (field.primaryType === 'array') {
    const items = trimmed
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const values: string[] = [];
    for (const item of items) {
      const value = matchControlled(field, item);
      if (value === undefined) return UNSUPPORTED;
      if (!values.includes(value)) values.push(value);
    }
    return { value: values.length ? values : null };
  }
  if ((field.primaryType === 'string' || field.primaryType === 'list') && field.allowedValues) {
    const value = matchControlled(field, trimmed);
    return value === undefined ? UNSUPPORTED : { value };
  }
  const value = normalizeCellValue(field, trimmed, context.dateOrder);
  return checkCellValue(field, value) === null ? { value } : UNSUPPORTED;
}
