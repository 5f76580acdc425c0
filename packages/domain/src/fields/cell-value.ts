/**
 * Slide metadata cell values (spec 1 §5): normalization of what a user typed or pasted, the value check,
 * and the editing rights. The web runs them while editing; the server runs the check again on every write.
 */
import type { AllowedValue, FieldDescriptor } from './field-types.ts';
import { hasControlCharacters } from '../text.ts';

export const CELL_MESSAGES = {
  controlledVocabulary: 'Incorrect cell value of controlled vocabulary for the field',
  wholeNumber: (header: string) => `${header} must be a whole number`,
  notNegative: (header: string) => `${header} must not be negative`,
  percentage: (header: string) => `${header} must be between 0 and 100`,
  number: (header: string) => `${header} must be a number`,
  date: (header: string) => `${header} must be a date`,
  dateTime: (header: string) => `${header} must be a date and time`,
  bool: (header: string) => `${header} must be true or false`,
  text: (header: string) => `${header} must be text`,
  list: (header: string) => `${header} must be a list`,
  noIndication: 'No indication selected',
  subtypeOfOtherIndication: (value: string, indication: string) =>
    `The subtype '${value}' is not a valid entry of the '${indication}' indication.`,
  readOnly: (header: string) => `${header} cannot be edited`,
  controlCharacters: (header: string) => `${header} must not contain control characters`,
} as const;

/** What the check needs of a field descriptor. */
export type CheckedField = Pick<
  FieldDescriptor,
  'fieldName' | 'headerName' | 'primaryType' | 'allowedValues' | 'allowsFreeText'
>;

export const isEmptyCell = (value: unknown): boolean => value === null || value === undefined || value === '';

/** A cell that shows no value: empty, or a list without items. */
export const hasNoValue = (value: unknown): boolean =>
  isEmptyCell(value) || (Array.isArray(value) && value.length === 0);

/** A mandatory field without a value, which the tables flag (spec 1 §5, spec 3 §2). */
export const isMissingMandatory = (field: Pick<FieldDescriptor, 'isMandatory'>, value: unknown): boolean =>
  field.isMandatory && hasNoValue(value);

/** Day, month and year order of the browser's short date format, e.g. 'MDY' for en-US. */
export type DateOrder = 'MDY' | 'DMY' | 'YMD';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** 'YYYY-MM-DD' when it names a real calendar day. */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export function isIsoDateTime(text: string): boolean {
  return ISO_DATE_TIME.test(text) && isIsoDate(text.slice(0, 10)) && !Number.isNaN(Date.parse(text));
}

/**
 * A date typed in the browser's local format (two-digit years get 2000 added) or as ISO, as 'YYYY-MM-DD';
 * null when it is no date.
 */
export function parseLocalDate(text: string, order: DateOrder): string | null {
  const trimmed = text.trim();
  if (ISO_DATE.test(trimmed)) return isIsoDate(trimmed) ? trimmed : null;
  if (isIsoDateTime(trimmed)) return trimmed.slice(0, 10);
  const parts = trimmed.split(/[^0-9]+/).filter(Boolean);
  if (parts.length !== 3 || parts.some((p) => p.length > 4)) return null;
  const at = (letter: 'D' | 'M' | 'Y') => Number(parts[order.indexOf(letter)]);
  let year = at('Y');
  if (parts[order.indexOf('Y')]!.length <= 2) year += 2000;
  const iso = `${String(year).padStart(4, '0')}-${String(at('M')).padStart(2, '0')}-${String(at('D')).padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

const FALSE_WORDS = new Set(['false', 'no', '0', 'null', '']);

/**
 * A typed or pasted value as the field stores it: empty becomes null; numbers become numbers; dates are
 * read in the browser's order or as ISO; booleans treat false, no, 0, null and empty as false and
 * anything else as true; numbers given to text fields become text; a text pasted into a list field is
 * split at commas. A value that cannot be read is returned as it came, for the check to refuse.
 */
export function normalizeCellValue(
  field: Pick<FieldDescriptor, 'primaryType'>,
  raw: unknown,
  dateOrder: DateOrder = 'YMD',
): unknown {
  if (field.primaryType === 'bool') {
    if (typeof raw === 'boolean') return raw;
    return !FALSE_WORDS.has(
      String(raw ?? '')
        .trim()
        .toLowerCase(),
    );
  }
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'string' && raw.trim() === '') return null;
  switch (field.primaryType) {
    case 'int':
    case 'uint':
    case 'float':
    case 'percentageUint':
    case 'percentageFloat': {
      if (typeof raw === 'number') return raw;
      const n = Number(String(raw).trim());
      return typeof raw === 'string' && Number.isFinite(n) ? n : raw;
    }
    case 'stringUtcDate':
      return typeof raw === 'string' ? (parseLocalDate(raw, dateOrder) ?? raw) : raw;
    case 'stringUtcDateTime': {
      if (typeof raw !== 'string') return raw;
      const date = parseLocalDate(raw, dateOrder);
      return isIsoDateTime(raw.trim())
        ? new Date(raw.trim()).toISOString()
        : date
          ? `${date}T00:00:00.000Z`
          : raw;
    }
    case 'array':
      if (typeof raw === 'string') {
        const items = raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        return items.length ? items : null;
      }
      return Array.isArray(raw) && raw.length === 0 ? null : raw;
    case 'string':
    case 'list':
      return typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : raw;
    default:
      return raw;
  }
}

/** The values a user may choose now: the allowed values that are not deprecated. */
export function choosableValues(
  allowed: readonly AllowedValue[],
  today = new Date().toISOString().slice(0, 10),
): AllowedValue[] {
  return allowed.filter((v) => !v.deprecatedSince || v.deprecatedSince > today);
}

/**
 * The metadata cell value check (spec 1 §5): null when the (normalized) value may be stored, else the
 * message. Empty is always accepted. Assays are checked by checkAssays (assays.ts).
 */
export function checkCellValue(field: CheckedField, value: unknown, today?: string): string | null {
  if (isEmptyCell(value)) return null;
  const header = field.headerName;
  const texts = Array.isArray(value) ? value : [value];
  if (texts.some((v) => typeof v === 'string' && hasControlCharacters(v)))
    return CELL_MESSAGES.controlCharacters(header);
  const isNumber = typeof value === 'number' && Number.isFinite(value);
  switch (field.primaryType) {
    case 'int':
      return isNumber && Number.isInteger(value) ? null : CELL_MESSAGES.wholeNumber(header);
    case 'uint':
      if (!isNumber || !Number.isInteger(value)) return CELL_MESSAGES.wholeNumber(header);
      return value >= 0 ? null : CELL_MESSAGES.notNegative(header);
    case 'percentageUint':
      if (!isNumber || !Number.isInteger(value)) return CELL_MESSAGES.wholeNumber(header);
      return value >= 0 && value <= 100 ? null : CELL_MESSAGES.percentage(header);
    case 'float':
      return isNumber ? null : CELL_MESSAGES.number(header);
    case 'percentageFloat':
      if (!isNumber) return CELL_MESSAGES.number(header);
      return value >= 0 && value <= 100 ? null : CELL_MESSAGES.percentage(header);
    case 'bool':
      return typeof value === 'boolean' ? null : CELL_MESSAGES.bool(header);
    case 'stringUtcDate':
      return typeof value === 'string' && isIsoDate(value) ? null : CELL_MESSAGES.date(header);
    case 'stringUtcDateTime':
      return typeof value === 'string' && isIsoDateTime(value) ? null : CELL_MESSAGES.dateTime(header);
    case 'array': {
      if (!Array.isArray(value)) return CELL_MESSAGES.list(header);
      if (!value.every((v) => typeof v === 'string')) return CELL_MESSAGES.list(header);
      const allowed = field.allowedValues;
      if (!allowed || field.allowsFreeText) return null;
      const values = new Set(allowed.map((a) => a.value));
      return value.every((v) => values.has(v as string)) ? null : CELL_MESSAGES.controlledVocabulary;
    }
    case 'image':
      return CELL_MESSAGES.readOnly(header);
    default: {
      if (typeof value !== 'string') return CELL_MESSAGES.text(header);
      const allowed = field.allowedValues;
      if (!allowed || field.allowsFreeText) return null;
      return choosableValues(allowed, today).some((a) => a.value === value)
        ? null
        : CELL_MESSAGES.controlledVocabulary;
    }
  }
}

/**
 * A value of a linked field (indication subtype) against the row's parent value (its indication): null
 * when it is one of the parent's values, else the message.
 */
export function checkLinkedValue(
  value: unknown,
  parentValue: unknown,
  allowed: readonly AllowedValue[],
): string | null {
  if (isEmptyCell(value)) return null;
  if (isEmptyCell(parentValue)) return CELL_MESSAGES.noIndication;
  return allowed.some((a) => a.value === value && a.parent === parentValue)
    ? null
    : CELL_MESSAGES.subtypeOfOtherIndication(String(value), String(parentValue));
}

/** The choices of a linked field for a row: the values linked to its parent value (empty without one). */
export function linkedChoices(allowed: readonly AllowedValue[], parentValue: unknown): AllowedValue[] {
  return isEmptyCell(parentValue) ? [] : choosableValues(allowed).filter((a) => a.parent === parentValue);
}

/** A row's edit flags (spec 1 §5, spec 3 §3): an allow-list, or the slide- and project-specific flags. */
export interface RowEditFlags {
  editableFields?: readonly string[] | null;
  canEditSlideSpecificFields: boolean;
  canEditProjectSpecificFields: boolean;
}

/** Whether a cell may be edited: slideMetadataManage, then the row's allow-list or flags, and allowEdit. */
export function canEditCell(
  field: Pick<FieldDescriptor, 'fieldName' | 'allowEdit' | 'isProjectSpecificField'>,
  row: RowEditFlags,
  hasSlideMetadataManage: boolean,
): boolean {
  if (!hasSlideMetadataManage || !field.allowEdit) return false;
  if (row.editableFields) return row.editableFields.includes(field.fieldName);
  return field.isProjectSpecificField ? row.canEditProjectSpecificFields : row.canEditSlideSpecificFields;
}

/** Two cell values are the same (an edit to the same value applies nothing). */
export function sameCellValue(a: unknown, b: unknown): boolean {
  if (isEmptyCell(a) && isEmptyCell(b)) return true;
  if (Array.isArray(a) || Array.isArray(b) || (typeof a === 'object' && a) || (typeof b === 'object' && b))
    return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}
