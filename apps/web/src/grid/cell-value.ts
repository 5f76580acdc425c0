/** A raw value for a cell (typed, pasted, filled), normalized and checked by the domain's rules. */
import {
  acceptedMarkers,
  checkAssays,
  checkCellValue,
  checkLinkedValue,
  normalizeCellValue,
  parsePastedAssays,
  type AllowedValue,
  type DateOrder,
  type FieldDescriptor,
} from '@tessera/domain';
import type { Row } from './row-tree.ts';

export type PreparedValue = { value: unknown } | { error: string };

/** The assay editor's vocabularies, so pasted assays are checked as the server checks them. */
export interface AssayVocabulary {
  markers: readonly AllowedValue[];
  chromogens: readonly AllowedValue[];
}

/** The value to save, or the message when it is refused. `dateOrder` reads dates typed as the browser writes them. */
export function prepareCellValue(
  field: FieldDescriptor,
  row: Row,
  raw: unknown,
  dateOrder: DateOrder,
  assayVocabulary?: AssayVocabulary,
): PreparedValue {
  if (field.fieldName === 'assays') return prepareAssays(field, row, raw, assayVocabulary);
  const value = normalizeCellValue(field, raw, dateOrder);
  const problem = checkCellValue(field, value);
  if (problem) return { error: problem };
  if (field.links && field.allowedValues && !field.allowsFreeText) {
    const linkProblem = checkLinkedValue(value, row[field.links.field], field.allowedValues);
    if (linkProblem) return { error: linkProblem };
  }
  return { value };
}

/**
 * Assays are pasted as JSON. Their markers follow the domain's acceptedMarkers (the row keeps its own
 * deprecated ones) and their chromogens the vocabulary, as the server checks them.
 */
function prepareAssays(
  field: FieldDescriptor,
  row: Row,
  raw: unknown,
  vocabulary: AssayVocabulary | undefined,
): PreparedValue {
  const parsed = typeof raw === 'string' ? (raw.trim() === '' ? [] : parsePastedAssays(raw)) : raw;
  if (parsed === null) return { error: 'A pasted assay cell must be valid JSON' };
  const markers = acceptedMarkers(vocabulary?.markers ?? field.allowedValues ?? [])(row.assays);
  const chromogens = vocabulary && new Set(vocabulary.chromogens.map((v) => v.value));
  const problem = checkAssays(parsed, new Set(markers), chromogens);
  return problem ? { error: problem } : { value: parsed };
}
