/**
 * A column's filter (issue #4 point 3): text, number and date conditions (two, joined by AND or OR) and
 * the set filter with its rules (spec 1 §5). Changes reach the grid after 750 ms.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  DATE_FILTER_TYPES,
  NUMBER_FILTER_TYPES,
  TEXT_FILTER_TYPES,
  filterKindOf,
  type FieldDescriptor,
} from '@tessera/domain';
import type { ColumnFilter, Condition, FilterModel } from '@tessera/contract';
import {
  SET_FILTER_DEBOUNCE_MS,
  selectedOf,
  setFilterOutcome,
  setValueLabel,
  type SetValue,
} from './set-filter.ts';

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

export interface FilterMenuProps {
  field: FieldDescriptor;
  anchor: HTMLElement | null;
  onClose(): void;
  filter: ColumnFilter | undefined;
  onChange(filter: ColumnFilter | null): void;
  filterModel: FilterModel;
  globalSearchText: string;
  fetchValues(
    field: string,
    filterModel: FilterModel,
    globalSearchText: string,
    signal: AbortSignal,
  ): Promise<{ values: SetValue[]; isTruncated: boolean }>;
}

export function FilterMenu(props: FilterMenuProps) {
  const kind = filterKindOf(props.field);
  return (
    <Popover
      open={!!props.anchor}
      // Under the whole header cell, from its left edge: the menu opens at its column, below its name.
      anchorEl={props.anchor?.closest<HTMLElement>('[role=columnheader]') ?? props.anchor}
      onClose={props.onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{
        paper: { sx: { p: 2, width: 300 }, role: 'dialog', 'aria-label': `Filter ${props.field.headerName}` },
      }}
    >
      {kind === 'set' ? (
        <SetFilterPanel {...props} />
      ) : kind ? (
        <ConditionFilterPanel {...props} kind={kind} />
      ) : null}
    </Popover>
  );
}

/** Calls `apply` with the latest value once it has not changed for `ms`, or at once when the menu closes sooner. */
function useDebouncedApply<T>(value: T, apply: (v: T) => void, ms: number, isDirty: boolean) {
  const applyRef = useRef(apply);
  const pending = useRef<{ value: T } | null>(null);
  useLayoutEffect(() => {
    applyRef.current = apply;
  });
  useEffect(() => {
    pending.current = isDirty ? { value } : null;
    if (!isDirty) return;
    const timer = setTimeout(() => {
      pending.current = null;
      applyRef.current(value);
    }, ms);
    return () => clearTimeout(timer);
  }, [value, ms, isDirty]);
  // Closing the menu within `ms` of a change still applies it.
  useEffect(
    () => () => {
      if (pending.current) applyRef.current(pending.current.value);
    },
    [],
  );
}

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

function ConditionFilterPanel({ field, filter, onChange, kind }: FilterMenuProps & { kind: ConditionKind }) {
  // The panel edits its own copy of the filter it opened with.
  const [initial] = useState(() => draftsOf(filter, kind));
  const [conditions, setConditions] = useState(initial.conditions);
  const [operator, setOperator] = useState(initial.operator);
  const [isDirty, setDirty] = useState(false);
  const built = conditions.map((c) => conditionOf(kind, c)).filter((c): c is Condition => c !== null);
  const result: ColumnFilter | null =
    built.length === 0
      ? null
      : built.length === 1
        ? built[0]!
        : ({ filterType: kind, operator, conditions: built } as ColumnFilter);
  useDebouncedApply(result, onChange, SET_FILTER_DEBOUNCE_MS, isDirty);
  const update = (i: number, patch: Partial<ConditionDraft>) => {
    setDirty(true);
    setConditions((list) => list.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  };
  const inputType = kind === 'number' ? 'number' : kind === 'date' ? 'date' : 'text';
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
          <TextField
            select
            size="small"
            label={i === 0 ? 'Condition' : 'Second condition'}
            value={c.type}
            onChange={(e) => update(i, { type: e.target.value })}
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
              onChange={(e) => update(i, { from: e.target.value })}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'aria-label': `${field.headerName} ${i === 0 ? 'filter' : 'second filter'}` },
              }}
            />
          )}
          {c.type === 'inRange' && (
            <TextField
              size="small"
              type={inputType}
              label="To"
              value={c.to}
              onChange={(e) => update(i, { to: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
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

function SetFilterPanel({
  field,
  filter,
  onChange,
  filterModel,
  globalSearchText,
  fetchValues,
}: FilterMenuProps) {
  const [values, setValues] = useState<SetValue[] | null>(null);
  const [isTruncated, setTruncated] = useState(false);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<Set<SetValue>>(new Set());
  const [search, setSearch] = useState('');
  const [isDirty, setDirty] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchValues(field.fieldName, filterModel, globalSearchText, controller.signal).then(
      (answer) => {
        setValues(answer.values);
        setTruncated(answer.isTruncated);
        setSelected(
          filter?.filterType === 'set' ? selectedOf(filter.values, answer.values) : new Set(answer.values),
        );
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- the values are read once, when the menu opens
  const outcome = values ? setFilterOutcome(selected, values) : null;
  useDebouncedApply(
    outcome,
    (o) => {
      // An empty selection fetches nothing (spec 1 §5): the grid keeps what it shows until a value is chosen.
      if (!o || o.kind === 'nothing') return;
      onChange(o.kind === 'remove' ? null : { filterType: 'set', values: o.values });
    },
    SET_FILTER_DEBOUNCE_MS,
    isDirty,
  );
  if (failed) return <Typography color="error">The values could not be loaded.</Typography>;
  if (!values) return <CircularProgress size={24} aria-label="Loading values" />;
  const shown = values.filter((v) => setValueLabel(v).toLowerCase().includes(search.toLowerCase()));
  const toggle = (v: SetValue) => {
    setDirty(true);
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(v)) next.delete(v);
      else next.add(v);
      return next;
    });
  };
  const allSelected = values.every((v) => selected.has(v));
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2">{field.headerName}</Typography>
      <TextField
        size="small"
        placeholder="Search…"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{ htmlInput: { 'aria-label': `Search ${field.headerName} values` } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            size="small"
            checked={allSelected}
            indeterminate={!allSelected && selected.size > 0}
            onChange={() => (setDirty(true), setSelected(allSelected ? new Set() : new Set(values)))}
          />
        }
        label="(Select All)"
      />
      <Box
        // Short enough for the menu to fit under a header in an 800 px window, not be pushed up over it.
        sx={{ maxHeight: 220, overflow: 'auto', display: 'grid' }}
        role="group"
        aria-label={`${field.headerName} values`}
      >
        {shown.map((v) => (
          <FormControlLabel
            key={setValueLabel(v)}
            sx={{ m: 0 }}
            control={<Checkbox size="small" checked={selected.has(v)} onChange={() => toggle(v)} />}
            label={setValueLabel(v)}
          />
        ))}
        {shown.length === 0 && <Typography color="text.secondary">No values</Typography>}
      </Box>
      {isTruncated && (
        <Typography variant="caption">Only the first {values.length} values are listed.</Typography>
      )}
      {selected.size === 0 && <Typography variant="caption">Choose at least one value.</Typography>}
    </Box>
  );
}
