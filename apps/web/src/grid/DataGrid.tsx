/**
 * The DataGrid (DESIGN §8, issue #4 point 3): server-side rows in blocks of 100, column groups, sort,
 * filters, row grouping with counts, column state, keyboard navigation, range selection, copy and paste,
 * a fill handle, and inline editing checked by the domain's rules. TanStack Table holds the column model
 * (groups, order, pinning, visibility, sizes); TanStack Virtual renders only the rows in view.
 *
 * The parts: `use-data-grid.ts` puts the state together (selection, editing, clipboard, fill handle
 * hooks); `grid-actions.ts` holds the keyboard's commands as actions; `GridHeader`, `GridRows`,
 * `GroupRow` and `GridCell` draw it.
 */
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { addGroup, removeGroup } from './column-state.ts';
import { FilterMenu } from './FilterMenu.tsx';
import { GridHeader, HEADER_HEIGHT } from './GridHeader.tsx';
import { GridRows } from './GridRows.tsx';
import { GroupPanel } from './GroupPanel.tsx';
import type { DataGridProps } from './types.ts';
import { useDataGrid } from './use-data-grid.ts';

export function DataGrid(props: DataGridProps) {
  const { fields, columnState: state, onColumnStateChange, filterModel } = props;
  const { view, table, grid, scrollRef, onKeyDown, clipboard } = useDataGrid(props);
  const [filterMenu, setFilterMenu] = useState<{ field: string; anchor: HTMLElement } | null>(null);
  const activeFilters = useMemo(() => new Set(Object.keys(filterModel)), [filterModel]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, minWidth: 0, flex: 1 }}>
      <GroupPanel
        groups={state.groups}
        fields={fields}
        onAdd={(f, at) => onColumnStateChange(addGroup(state, f, at))}
        onRemove={(f) => onColumnStateChange(removeGroup(state, f))}
      />
      <Box
        ref={scrollRef}
        role="grid"
        aria-label={props.label}
        aria-rowcount={grid.size}
        aria-colcount={view.leafColumns.length}
        aria-multiselectable
        tabIndex={0}
        onKeyDown={onKeyDown}
        onCopy={clipboard.onCopy}
        onPaste={clipboard.onPaste}
        sx={GRID_SX}
      >
        <Box sx={{ width: view.totalWidth, minWidth: '100%' }}>
          <GridHeader
            table={table}
            fields={view.fieldByName}
            state={state}
            onColumnStateChange={onColumnStateChange}
            activeFilters={activeFilters}
            onOpenFilter={(field, anchor) => setFilterMenu({ field, anchor })}
          />
          <GridRows view={view} items={grid.items} height={grid.virtualizer.getTotalSize()} />
          {grid.size === 0 && !grid.isLoading && props.emptyMessage && (
            <Typography
              sx={{ position: 'absolute', top: HEADER_HEIGHT * 2 + 24, left: 24 }}
              color="text.secondary"
            >
              {props.emptyMessage}
            </Typography>
          )}
        </Box>
      </Box>
      {filterMenu && <GridFilterMenu props={props} {...filterMenu} onClose={() => setFilterMenu(null)} />}
    </Box>
  );
}

const GRID_SX = {
  flex: 1,
  minHeight: 240,
  overflow: 'auto',
  position: 'relative',
  outline: 'none',
  fontSize: 13,
  '&:focus-visible [data-focused=true]': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
} as const;

/** The filter of one column, under its header cell. */
function GridFilterMenu({
  props,
  field: fieldName,
  anchor,
  onClose,
}: {
  props: DataGridProps;
  field: string;
  anchor: HTMLElement;
  onClose(): void;
}) {
  const { filterModel } = props;
  const field = props.fields.find((f) => f.fieldName === fieldName);
  if (!field) return null;
  return (
    <FilterMenu
      key={field.fieldName}
      field={field}
      anchor={anchor}
      onClose={onClose}
      filter={filterModel[field.fieldName]}
      filterModel={filterModel}
      globalSearchText={props.globalSearchText}
      fetchValues={props.fetchValues}
      onChange={(filter) => {
        const next = { ...filterModel };
        if (filter) next[field.fieldName] = filter;
        else delete next[field.fieldName];
        props.onFilterModelChange(next);
      }}
    />
  );
}
