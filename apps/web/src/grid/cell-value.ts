/** A raw value for a cell (typed, pasted, filled), normalized and checked by the domain's rules. */
import {
  checkAssays,
  checkCellValue,
  checkLinkedValue,
  normalizeCellValue,
  parsePastedAssays,
  type DateOrder,
  type FieldDescriptor,
} from '@tessera/domain';
import type { Row } from './row-tree.ts';

export type PreparedValue = { value: unknown } | { error: string };

/** The value to save, or the message when it is refused. `dateOrder` reads dates typed as the browser writes them. */
export function prepareCellValue(
  field: FieldDescriptor,
  row: Row,
  raw: unknown,
  dateOrder: DateOrder,
): PreparedValue {
  if (field.fieldName === 'assays') return prepareAssays(field, raw);
  const value = normalizeCellValue(field, raw, dateOrder);
  const problem = checkCellValue(field, value);
  if (problem) return { error: problem };
  if (field.links && field.allowedValues && !field.allowsFreeText) {
    const linkProblem = checkLinkedValue(value, row[field.links.field], field.allowedValues);
    if (linkProblem) return { error: linkProblem };
  }
  return { value };
}

/** Assays are pasted as JSON; the markers must be the field's allowed values. */
function prepareAssays(field: FieldDescriptor, raw: unknown): PreparedValue {
  const parsed = typeof raw === 'string' ? (raw.trim() === '' ? [] : parsePastedAssays(raw)) : raw;
  if (parsed === null) return { error: 'A pasted assay cell must be valid JSON' };
  const markers = new Set((field.allowedValues ?? []).map((v) => v.value));
  const problem = checkAssays(parsed, markers);
  return problem ? { error: problem } : { value: parsed };
}
