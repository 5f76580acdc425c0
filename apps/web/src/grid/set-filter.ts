/**
 * The set filter's rules (spec 1 §5): an empty selection fetches nothing; all values selected removes the
 * filter; '(Blanks)' stands for null; changes are sent after 750 ms.
 */
import { BLANKS_LABEL } from '@tessera/domain';

export const SET_FILTER_DEBOUNCE_MS = 750;

export type SetValue = string | number | boolean | null;

export type SetFilterOutcome =
  | { kind: 'remove' }
  | { kind: 'nothing' }
  | { kind: 'filter'; values: (string | null)[] };

/** What a selection among `all` values means for the grid. */
export function setFilterOutcome(
  selected: ReadonlySet<SetValue>,
  all: readonly SetValue[],
): SetFilterOutcome {
  if (selected.size === 0) return { kind: 'nothing' };
  if (all.every((v) => selected.has(v))) return { kind: 'remove' };
  return {
    kind: 'filter',
    values: all.filter((v) => selected.has(v)).map((v) => (v === null ? null : String(v))),
  };
}

/** How a value reads in the list: null as '(Blanks)', booleans as words. */
export const setValueLabel = (value: SetValue): string =>
  value === null ? BLANKS_LABEL : value === true ? 'true' : value === false ? 'false' : String(value);

/** The values a saved set filter keeps selected (its list as stored: null for blanks, text otherwise). */
export function selectedOf(values: readonly (string | null)[], all: readonly SetValue[]): Set<SetValue> {
  const wanted = new Set(values);
  return new Set(all.filter((v) => wanted.has(v === null ? null : String(v))));
}
