/** A text, number or date filter: two conditions joined by AND or OR, as drafts until they parse. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { DATE_FILTER_TYPES, NUMBER_FILTER_TYPES, TEXT_FILTER_TYPES } from '@tessera/domain';
import type { ColumnFilter, DateCondition, NumberCondition, TextCondition } from '@tessera/contract';
import { useDebouncedApply, type FilterMenuProps } from './filter-panel.ts';
import { SET_FILTER_DEBOUNCE_MS } from './set-filter.ts';

const TYPE_LABELS: Record<string, string> = {
  contains: 'Contains',
  notContains: 'Does not contain',
  equals: 'Equals',
  notEqual: 'Does not equal',
  startsWith: 'Begins with',
  endsWith: 'Ends with',
  blank: 'Blank',
  notBlank: 'Not blank',
  lessThan: 'Less than',
  lessThanOrEqual: 'Less than or equal to',
  greaterThan: 'Greater than',
  greaterThanOrEqual: 'Greater than or equal to',
  inRange: 'Between',
};

type ConditionKind = 'text' | 'number' | 'date';
type Operator = 'AND' | 'OR';
interface ConditionDraft {
  type: string;
  from: string;
  to: string;
}

const TYPES: Record<ConditionKind, readonly string[]> = {
  text: TEXT_FILTER_TYPES,
  number: NUMBER_FILTER_TYPES,
  date: DATE_FILTER_TYPES,
};
const needsValue = (type: string) => type !== 'blank' && type !== 'notBlank';

function draftsOf(
  filter: ColumnFilter | undefined,
  kind: ConditionKind,
): { conditions: ConditionDraft[]; operator: Operator } {
  const empty = { type: kind === 'text' ? 'contains' : 'equals', from: '', to: '' };
  if (!filter || filter.filterType === 'set') return { conditions: [empty, { ...empty }], operator: 'AND' };
  const list = 'conditions' in filter ? filter.conditions : [filter];
  const drafts = list.map((c) =>
    c.filterType === 'text'
      ? { type: c.type, from: c.filter ?? '', to: '' }
      : c.filterType === 'number'
        ? { type: c.type, from: c.filter?.toString() ?? '', to: c.filterTo?.toString() ?? '' }
        : { type: c.type, from: c.dateFrom?.slice(0, 10) ?? '', to: c.dateTo?.slice(0, 10) ?? '' },
  );
  return {
    conditions: [...drafts, { ...empty }].slice(0, 2),
    operator: 'conditions' in filter ? filter.operator : 'AND',
  };
}

/** The draft's type when it is one of `types` (its kind's), typed as that kind's condition type. */
const typeIn = <T extends string>(types: readonly T[], type: string): T | undefined =>
  types.find((t) => t === type);
const lacksValue = (d: ConditionDraft) => needsValue(d.type) && d.from.trim() === '';

function textConditionOf(d: ConditionDraft): TextCondition | null {
  const type = typeIn(TEXT_FILTER_TYPES, d.type);
  if (!type || lacksValue(d)) return null;
  return { filterType: 'text', type, filter: d.from };
}

function numberConditionOf(d: ConditionDraft): NumberCondition | null {
  const type = typeIn(NUMBER_FILTER_TYPES, d.type);
  if (!type || lacksValue(d)) return null;
  const from = Number(d.from);
  const to = Number(d.to);
  if (needsValue(type) && !Number.isFinite(from)) return null;
  if (type === 'inRange' && (d.to.trim() === '' || !Number.isFinite(to))) return null;
  return {
    filterType: 'number',
    type,
    filter: needsValue(type) ? from : null,
    filterTo: type === 'inRange' ? to : null,
  };
}

function dateConditionOf(d: ConditionDraft): DateCondition | null {
  const type = typeIn(DATE_FILTER_TYPES, d.type);
  if (!type || lacksValue(d)) return null;
  if (type === 'inRange' && !d.to) return null;
  return {
    filterType: 'date',
    type,
    dateFrom: needsValue(type) ? `${d.from} 00:00:00` : null,
    dateTo: type === 'inRange' ? `${d.to} 00:00:00` : null,
  };
}

/** The filter the drafts make: none, one condition, or two joined by the operator. */
function filterOf(kind: ConditionKind, drafts: ConditionDraft[], operator: Operator): ColumnFilter | null {
  if (kind === 'text') return joined('text', drafts.map(textConditionOf), operator);
  if (kind === 'number') return joined('number', drafts.map(numberConditionOf), operator);
  return joined('date', drafts.map(dateConditionOf), operator);
}

/** The conditions that parsed, of one kind: none, one, or all joined by the operator. */
function joined<F extends ConditionKind, C extends { filterType: F }>(
  filterType: F,
  conditions: (C | null)[],
  operator: Operator,
) {
  const built = conditions.filter((c): c is C => c !== null);
  if (built.length === 0) return null;
  if (built.length === 1) return built[0]!;
  return { filterType, operator, conditions: built };
}

export function ConditionFilterPanel({
  field,
  filter,
  onChange,
  kind,
}: FilterMenuProps & { kind: ConditionKind }) {
  // The panel edits its own copy of the filter it opened with.
  const [initial] = useState(() => draftsOf(filter, kind));
  const [conditions, setConditions] = useState(initial.conditions);
  const [operator, setOperator] = useState(initial.operator);
  const [isDirty, setDirty] = useState(false);
  useDebouncedApply(filterOf(kind, conditions, operator), onChange, SET_FILTER_DEBOUNCE_MS, isDirty);
  const update = (i: number, patch: Partial<ConditionDraft>) => {
    setDirty(true);
    setConditions((list) => list.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="subtitle2">{field.headerName}</Typography>
      {conditions.map((c, i) => (
        <Box key={i} sx={{ display: 'grid', gap: 1 }}>
          {i === 1 && (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={operator}
              onChange={(_, v: Operator | null) => v && (setDirty(true), setOperator(v))}
              aria-label="Join conditions"
            >
              <ToggleButton value="AND">AND</ToggleButton>
              <ToggleButton value="OR">OR</ToggleButton>
            </ToggleButtonGroup>
          )}
          <ConditionFields
            headerName={field.headerName}
            kind={kind}
            index={i}
            draft={c}
            onChange={(patch) => update(i, patch)}
          />
        </Box>
      ))}
      <Button
        size="small"
        onClick={() => {
          setConditions(draftsOf(undefined, kind).conditions);
          setDirty(false);
          onChange(null);
        }}
      >
        Reset
      </Button>
    </Box>
  );
}

/** One condition: its type, and the value (or the two of a range) it compares with. */
function ConditionFields({
  headerName,
  kind,
  index: i,
  draft: c,
  onChange,
}: {
  headerName: string;
  kind: ConditionKind;
  index: number;
  draft: ConditionDraft;
  onChange(patch: Partial<ConditionDraft>): void;
}) {
  const inputType = kind === 'number' ? 'number' : kind === 'date' ? 'date' : 'text';
  return (
    <>
      <TextField
        select
        size="small"
        label={i === 0 ? 'Condition' : 'Second condition'}
        value={c.type}
        onChange={(e) => onChange({ type: e.target.value })}
      >
        {TYPES[kind].map((t) => (
          <MenuItem key={t} value={t}>
            {TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      {needsValue(c.type) && (
        <TextField
          size="small"
          type={inputType}
          label={c.type === 'inRange' ? 'From' : 'Filter…'}
          value={c.from}
          autoFocus={i === 0}
          onChange={(e) => onChange({ from: e.target.value })}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'aria-label': `${headerName} ${i === 0 ? 'filter' : 'second filter'}` },
          }}
        />
      )}
      {c.type === 'inRange' && (
        <TextField
          size="small"
          type={inputType}
          label="To"
          value={c.to}
          onChange={(e) => onChange({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    </>
  );
}
