/**
 * Linked fields (spec 1 §5): a field whose choices are limited by another field's value — the
 * registry's `links`, e.g. indicationSubtypeV2 by indicationV2. One rule for every path that changes a
 * slide (cell edits, the CSV import, the web's edits): a change that sets the parent and leaves the
 * linked field alone clears the linked field when its value does not belong to the new parent.
 */
import { checkLinkedValue, isEmptyCell } from './cell-value.ts';
import type { FieldDescriptor } from './field-types.ts';

/**
 * The linked fields `change` clears, as null values to merge into it. Fields that accept free text
 * (tumorSubtype) keep their value: any text is theirs to hold whatever the parent.
 */
export function clearedLinkedFields(
  fields: Iterable<FieldDescriptor>,
  change: Readonly<Record<string, unknown>>,
  current: Readonly<Record<string, unknown>>,
): Record<string, null> {
  const cleared: Record<string, null> = {};
  for (const field of fields) {
    if (!field.links || field.allowsFreeText || !field.allowedValues) continue;
    const name = field.fieldName;
    if (!(field.links.field in change) || name in change || isEmptyCell(current[name])) continue;
    if (checkLinkedValue(current[name], change[field.links.field], field.allowedValues)) cleared[name] = null;
  }
  return cleared;
}
