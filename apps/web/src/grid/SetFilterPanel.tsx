/** The set filter (spec 1 §5): the column's values with checkboxes, searchable, with (Select All). */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDebouncedApply, type FilterMenuProps } from './filter-panel.ts';
import {
  SET_FILTER_DEBOUNCE_MS,
  selectedOf,
  setFilterOutcome,
  setValueLabel,
  type SetValue,
} from './set-filter.ts';

export function SetFilterPanel(props: FilterMenuProps) {
  const { field, onChange } = props;
  const [selected, setSelected] = useState<Set<SetValue>>(new Set());
  const [search, setSearch] = useState('');
  const [isDirty, setDirty] = useState(false);
  const { values, isTruncated, failed } = useSetValues(props, setSelected);
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
  const toggle = (v: SetValue) => (setDirty(true), setSelected((s) => toggled(s, v)));
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
      <ValueList headerName={field.headerName} shown={shown} selected={selected} onToggle={toggle} />
      {isTruncated && (
        <Typography variant="caption">Only the first {values.length} values are listed.</Typography>
      )}
      {selected.size === 0 && <Typography variant="caption">Choose at least one value.</Typography>}
    </Box>
  );
}

const toggled = (selected: ReadonlySet<SetValue>, value: SetValue): Set<SetValue> => {
  const next = new Set(selected);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
};

/** The column's values under the filters of the other columns, read once when the menu opens. */
function useSetValues(props: FilterMenuProps, setSelected: (selected: Set<SetValue>) => void) {
  const [values, setValues] = useState<SetValue[] | null>(null);
  const [isTruncated, setTruncated] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const { field, filter, filterModel, globalSearchText, fetchValues } = props;
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
  return { values, isTruncated, failed };
}

function ValueList({
  headerName,
  shown,
  selected,
  onToggle,
}: {
  headerName: string;
  shown: SetValue[];
  selected: ReadonlySet<SetValue>;
  onToggle(value: SetValue): void;
}) {
  return (
    <Box
      // Short enough for the menu to fit under a header in an 800 px window, not be pushed up over it.
      sx={{ maxHeight: 220, overflow: 'auto', display: 'grid' }}
      role="group"
      aria-label={`${headerName} values`}
    >
      {shown.map((v) => (
        <FormControlLabel
          key={setValueLabel(v)}
          sx={{ m: 0 }}
          control={<Checkbox size="small" checked={selected.has(v)} onChange={() => onToggle(v)} />}
          label={setValueLabel(v)}
        />
      ))}
      {shown.length === 0 && <Typography color="text.secondary">No values</Typography>}
    </Box>
  );
}
