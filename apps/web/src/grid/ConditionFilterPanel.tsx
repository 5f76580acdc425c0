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
import type { ColumnFilter, Condition } from '@tessera/contract';
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
): { conditions: ConditionDraft[]; operator: 'AND' | 'OR' } {
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

function conditionOf(kind: ConditionKind, d: ConditionDraft): Condition | null {
  if (needsValue(d.type) && d.from.trim() === '') return null;
  if (kind === 'text') return { filterType: 'text', type: d.type as never, filter: d.from };
  if (kind === 'number') {
    const from = Number(d.from);
    const to = Number(d.to);
    if (needsValue(d.type) && !Number.isFinite(from)) return null;
    if (d.type === 'inRange' && (d.to.trim() === '' || !Number.isFinite(to))) return null;
    return {
      filterType: 'number',
      type: d.type as never,
      filter: needsValue(d.type) ? from : null,
      filterTo: d.type === 'inRange' ? to : null,
    };
  }
  if (d.type === 'inRange' && !d.to) return null;
  return {
    filterType: 'date',
    type: d.type as never,
    dateFrom: needsValue(d.type) ? `${d.from} 00:00:00` : null,
    dateTo: d.type === 'inRange' ? `${d.to} 00:00:00` : null,
  };
}

/** The filter the drafts make: none, one condition, or two joined by the operator. */
function filterOf(
  kind: ConditionKind,
  drafts: ConditionDraft[],
  operator: 'AND' | 'OR',
): ColumnFilter | null {
  const built = drafts.map((c) => conditionOf(kind, c)).filter((c): c is Condition => c !== null);
  if (built.length === 0) return null;
  if (built.length === 1) return built[0]!;
  return { filterType: kind, operator, conditions: built } as ColumnFilter;
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
              onChange={(_, v: 'AND' | 'OR' | null) => v && (setDirty(true), setOperator(v))}
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
