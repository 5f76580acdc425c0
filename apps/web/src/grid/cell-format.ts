/**
 * How a cell reads (spec 1 §5): dates in the browser's format ('ERR' when the stored text is no date),
 * booleans as Yes/No, lists joined, assays as their markers.
 */
import {
  formatAssayMarkers,
  isIsoDate,
  isIsoDateTime,
  type AssayChannel,
  type DateOrder,
  type FieldDescriptor,
} from '@tessera/domain';

export const INVALID_DATE = 'ERR';

export function formatCell(
  field: Pick<FieldDescriptor, 'fieldName' | 'primaryType'>,
  value: unknown,
  locale?: string,
): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.primaryType) {
    case 'bool':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'stringUtcDate':
      return typeof value === 'string' && isIsoDate(value)
        ? new Date(`${value}T00:00:00.000Z`).toLocaleDateString(locale, { timeZone: 'UTC' })
        : INVALID_DATE;
    case 'stringUtcDateTime':
      return typeof value === 'string' && isIsoDateTime(value)
        ? new Date(value).toLocaleString(locale)
        : INVALID_DATE;
    case 'array':
      if (!Array.isArray(value)) return String(value);
      if (field.fieldName === 'assays') return formatAssayMarkers(value as AssayChannel[]);
      return value.join(', ');
    case 'image':
      return '';
    default:
      return String(value);
  }
}

/** The text an editor starts from: dates in the browser's short format, lists comma-separated. */
export function editText(
  field: Pick<FieldDescriptor, 'fieldName' | 'primaryType'>,
  value: unknown,
  locale?: string,
): string {
  if (value === null || value === undefined) return '';
  if (field.primaryType === 'stringUtcDate' || field.primaryType === 'stringUtcDateTime') {
    const text = String(value);
    const day = text.slice(0, 10);
    return isIsoDate(day)
      ? new Date(`${day}T00:00:00.000Z`).toLocaleDateString(locale, { timeZone: 'UTC' })
      : text;
  }
  if (Array.isArray(value)) return field.fieldName === 'assays' ? JSON.stringify(value) : value.join(', ');
  return String(value);
}

/** The day, month and year order of the browser's short date format. */
export function browserDateOrder(locale?: string): DateOrder {
  const parts = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).formatToParts(new Date(Date.UTC(2001, 1, 3)));
  const order = parts
    .filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year')
    .map((p) => p.type[0]!.toUpperCase())
    .join('');
  return order === 'DMY' || order === 'YMD' ? order : 'MDY';
}

/** Numbers read right-aligned. */
export const isNumeric = (field: Pick<FieldDescriptor, 'primaryType'>): boolean =>
  ['int', 'uint', 'float', 'percentageUint', 'percentageFloat'].includes(field.primaryType);
