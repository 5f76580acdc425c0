/**
 * The DataGrid (DESIGN §8, issue #4 point 3): server-side rows in blocks of 100, column groups, sort,
 * filters, row grouping with counts, column state, keyboard navigation, range selection, copy and paste,
 * a fill handle, and inline editing checked by the domain's rules. TanStack Table holds the column model
 * (groups, order, pinning, visibility, sizes); TanStack Virtual renders only the rows in view.
 */
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { createColumnHelper, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  BLANKS_LABEL,
  checkAssays,
  checkCellValue,
  checkLinkedValue,
  COLUMN_GROUPS,
  isEmptyCell,
  normalizeCellValue,
  parsePastedAssays,
  sameCellValue,
  type FieldDescriptor,
} from '@tessera/domain';
import { browserDateOrder, editText, formatCell, isNumeric } from './cell-format.ts';
import { CellEditor } from './CellEditor.tsx';
import { fillValues, fromTsv, toTsv } from './clipboard.ts';
import {
  addGroup,
  moveColumn,
  removeGroup,
  setHidden,
  setPinned,
  setWidth,
  toggleSort,
  visibleColumns,
} from './column-state.ts';
import { FilterMenu } from './FilterMenu.tsx';
import { GridHeader, HEADER_HEIGHT, pinnedStyle } from './GridHeader.tsx';
import { GroupPanel } from './GroupPanel.tsx';
import type { DisplayRow, Row } from './row-tree.ts';
import type { CellChangeRequest, DataGridProps } from './types.ts';
import { ROW_HEIGHT, useGridRows } from './use-grid-rows.ts';

interface CellPos {
  row: number;
  col: number;
}

const columnHelper = createColumnHelper<Record<string, unknown>>();
const DATE_ORDER = browserDateOrder();

export function DataGrid(props: DataGridProps) {
  const { fields, columnState: state, onColumnStateChange, filterModel } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const byName = useMemo(() => new Map(fields.map((f) => [f.fieldName, f])), [fields]);
  const [filterMenu, setFilterMenu] = useState<{ field: string; anchor: HTMLElement } | null>(null);
  const [focus, setFocus] = useState<CellPos>({ row: 0, col: 0 });
  const [anchor, setAnchor] = useState<CellPos | null>(null);
  const [editing, setEditing] = useState<{ pos: CellPos; typed: string | null } | null>(null);
  const [fillTo, setFillTo] = useState<number | null>(null);

  // --- columns (TanStack Table) ------------------------------------------------------------------
  const columns = useMemo<ColumnDef<Record<string, unknown>, unknown>[]>(() => {
    const groups = [...new Set(fields.map((f) => f.columnType))];
    return groups.map((group) =>
      columnHelper.group({
        id: `group:${group}`,
        header: COLUMN_GROUPS[group],
        columns: fields
          .filter((f) => f.columnType === group)
          .map((f) =>
            columnHelper.display({ id: f.fieldName, header: f.headerName, minSize: 60, maxSize: 1200 }),
          ),
      }),
    );
  }, [fields]);
  const visible = visibleColumns(state);
  const table = useReactTable({
    data: [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualFiltering: true,
    manualGrouping: true,
    enableColumnResizing: true,
    columnResizeMode: 'onChange',
    state: {
      columnOrder: state.order,
      columnVisibility: Object.fromEntries(state.hidden.map((f) => [f, false])),
      columnPinning: { left: visible.left, right: visible.right },
      columnSizing: state.widths,
    },
    onColumnSizingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(state.widths) : updater;
      let s = state;
      for (const [f, w] of Object.entries(next)) if (w !== state.widths[f]) s = setWidth(s, f, w);
      if (s !== state) onColumnStateChange(s);
    },
  });
  const leafColumns = [
    ...table.getLeftVisibleLeafColumns(),
    ...table.getCenterVisibleLeafColumns(),
    ...table.getRightVisibleLeafColumns(),
  ];
  const totalWidth = table.getTotalSize();

  // --- rows --------------------------------------------------------------------------------------
  const grid = useGridRows(scrollRef, {
    query: {
      filterModel,
      sortModel: state.sort,
      groups: state.groups,
      globalSearchText: props.globalSearchText,
      refresh: props.refresh,
    },
    fetchRows: props.fetchRows,
    onFilteredCount: props.onFilteredCount,
    onError: props.onLoadError,
  });
  useImperativeHandle(props.apiRef, () => ({ replaceRows: grid.replaceRows }), [grid.replaceRows]);
  const rowAt = (index: number): DisplayRow | undefined => grid.rowAt(index);
  const leafAt = (index: number): Row | undefined => {
    const r = rowAt(index);
    return r && !r.isGroup ? r.row : undefined;
  };

  useEffect(() => props.onEditingChange?.(editing !== null), [editing]); // eslint-disable-line react-hooks/exhaustive-deps -- reports changes of editing only

  // --- selection -------------------------------------------------------------------------------
  const range = useMemo(() => {
    const a = anchor ?? focus;
    return {
      top: Math.min(a.row, focus.row),
      bottom: Math.max(a.row, focus.row),
      left: Math.min(a.col, focus.col),
      right: Math.max(a.col, focus.col),
    };
  }, [anchor, focus]);
  const inRange = (row: number, col: number) =>
    row >= range.top && row <= range.bottom && col >= range.left && col <= range.right;

  const moveFocus = useCallback(
    (row: number, col: number, extend: boolean) => {
      const r = Math.max(0, Math.min(grid.size - 1, row));
      const c = Math.max(0, Math.min(leafColumns.length - 1, col));
      if (extend) setAnchor((a) => a ?? focus);
      else setAnchor(null);
      setFocus({ row: r, col: c });
      grid.virtualizer.scrollToIndex(r, { align: 'auto' });
      requestAnimationFrame(() =>
        scrollRef.current
          ?.querySelector<HTMLElement>(`[data-cell="${r}:${c}"]`)
          ?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
      );
    },
    [grid.size, grid.virtualizer, leafColumns.length, focus],
  );

  // --- editing ---------------------------------------------------------------------------------
  /** A raw value for a cell, normalized and checked; the message when it is refused. */
  const prepare = useCallback(
    (field: FieldDescriptor, row: Row, raw: unknown): { value: unknown } | { error: string } => {
      if (field.fieldName === 'assays') {
        const parsed = typeof raw === 'string' ? (raw.trim() === '' ? [] : parsePastedAssays(raw)) : raw;
        if (parsed === null) return { error: 'A pasted assay cell must be valid JSON' };
        const markers = new Set((field.allowedValues ?? []).map((v) => v.value));
        const problem = checkAssays(parsed, markers);
        return problem ? { error: problem } : { value: parsed };
      }
      const value = normalizeCellValue(field, raw, DATE_ORDER);
      const problem = checkCellValue(field, value);
      if (problem) return { error: problem };
      if (field.links && field.allowedValues && !field.allowsFreeText) {
        const linkProblem = checkLinkedValue(value, row[field.links.field], field.allowedValues);
        if (linkProblem) return { error: linkProblem };
      }
      return { value };
    },
    [],
  );

  const commit = useCallback(
    async (changes: CellChangeRequest[]) => {
      const real = changes.filter((c) => !sameCellValue(c.row[c.field], c.value));
      if (real.length === 0) return;
      const saved = await props.onCommit(real);
      if (saved) grid.replaceRows(saved);
    },
    [props, grid],
  );

  const startEdit = (pos: CellPos, typed: string | null) => {
    const field = byName.get(leafColumns[pos.col]?.id ?? '');
    const row = leafAt(pos.row);
    if (!field || !row || !props.canEdit(field, row)) return;
    if (props.openCustomEditor?.(field, row)) return;
    if (field.primaryType === 'bool') {
      void commit([{ row, field: field.fieldName, value: row[field.fieldName] !== true }]);
      return;
    }
    setEditing({ pos, typed });
  };

  const finishEdit = (raw: unknown, move?: 'down' | 'right') => {
    if (!editing) return;
    const { pos } = editing;
    const field = byName.get(leafColumns[pos.col]!.id)!;
    const row = leafAt(pos.row);
    setEditing(null);
    scrollRef.current?.focus();
    if (row) {
      const prepared = prepare(field, row, raw);
      if ('error' in prepared) props.onInvalid(prepared.error);
      else void commit([{ row, field: field.fieldName, value: prepared.value }]);
    }
    if (move === 'down') moveFocus(pos.row + 1, pos.col, false);
    if (move === 'right') moveFocus(pos.row, pos.col + 1, false);
  };

  /** Applies a block of raw values from (top, left) onward: all checked first, then saved as one step. */
  const applyBlock = (top: number, left: number, values: unknown[][]) => {
    const changes: CellChangeRequest[] = [];
    for (let r = 0; r < values.length; r++) {
      const row = leafAt(top + r);
      if (!row) continue;
      for (let c = 0; c < values[r]!.length; c++) {
        const field = byName.get(leafColumns[left + c]?.id ?? '');
        if (!field || !props.canEdit(field, row)) continue;
        const prepared = prepare(field, row, values[r]![c]);
        if ('error' in prepared) {
          props.onInvalid(`${field.headerName}: ${prepared.error}`);
          return;
        }
        changes.push({ row, field: field.fieldName, value: prepared.value });
      }
    }
    void commit(changes);
  };

  const copyRange = () => {
    const lines: string[][] = [];
    for (let r = range.top; r <= range.bottom; r++) {
      const row = leafAt(r);
      if (!row) continue;
      lines.push(
        leafColumns
          .slice(range.left, range.right + 1)
          .map((col) => editText(byName.get(col.id)!, row[col.id])),
      );
    }
    return toTsv(lines);
  };

  // --- keyboard --------------------------------------------------------------------------------
  const onKeyDown = (e: React.KeyboardEvent) => {
    // Keys pressed on a control inside the grid (a header's filter or menu button, a cell's link) are
    // that control's: Enter opened nothing and moved the grid to the focused cell instead.
    if (editing || e.target !== e.currentTarget) return;
    const mod = e.ctrlKey || e.metaKey;
    const { row, col } = focus;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 2);
    const moves: Record<string, [number, number]> = {
      ArrowDown: [row + 1, col],
      ArrowUp: [row - 1, col],
      ArrowRight: [row, col + 1],
      ArrowLeft: [row, col - 1],
      PageDown: [row + page, col],
      PageUp: [row - page, col],
      Home: mod ? [0, 0] : [row, 0],
      End: mod ? [grid.size - 1, leafColumns.length - 1] : [row, leafColumns.length - 1],
    };
    const target = moves[e.key];
    if (target) {
      e.preventDefault();
      moveFocus(target[0], target[1], e.shiftKey);
      return;
    }
    if (mod && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      if (e.shiftKey) props.onRedo?.();
      else props.onUndo?.();
      return;
    }
    if (mod && e.key.toLowerCase() === 'y') {
      e.preventDefault();
      props.onRedo?.();
      return;
    }
    if (mod && e.key.toLowerCase() === 'a') {
      e.preventDefault();
      setAnchor({ row: 0, col: 0 });
      setFocus({ row: grid.size - 1, col: leafColumns.length - 1 });
      return;
    }
    const display = rowAt(row);
    if (display?.isGroup && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      grid.toggleGroup(display);
      return;
    }
    if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      startEdit(focus, null);
    } else if (e.key === 'Tab') {
      e.preventDefault();
      moveFocus(row, col + (e.shiftKey ? -1 : 1), false);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      const rows = range.bottom - range.top + 1;
      const cols = range.right - range.left + 1;
      applyBlock(
        range.top,
        range.left,
        Array.from({ length: rows }, () => Array<unknown>(cols).fill(null)),
      );
    } else if (e.key === ' ' && byName.get(leafColumns[col]?.id ?? '')?.primaryType === 'bool') {
      e.preventDefault();
      startEdit(focus, null);
    } else if (e.key.length === 1 && !mod && !e.altKey) {
      e.preventDefault();
      startEdit(focus, e.key);
    }
  };

  const onCopy = (e: React.ClipboardEvent) => {
    if (editing) return;
    e.preventDefault();
    e.clipboardData.setData('text/plain', copyRange());
  };
  const onPaste = (e: React.ClipboardEvent) => {
    if (editing) return;
    e.preventDefault();
    const block = fromTsv(e.clipboardData.getData('text/plain'));
    // A single value pasted over a range fills the range.
    if (
      block.length === 1 &&
      block[0]!.length === 1 &&
      (range.bottom > range.top || range.right > range.left)
    ) {
      applyBlock(
        range.top,
        range.left,
        Array.from({ length: range.bottom - range.top + 1 }, () =>
          Array<unknown>(range.right - range.left + 1).fill(block[0]![0]),
        ),
      );
    } else applyBlock(range.top, range.left, block);
  };

  // --- fill handle -------------------------------------------------------------------------------
  useEffect(() => {
    if (fillTo === null) return;
    const onMove = (e: MouseEvent) => {
      const el = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLElement>('[data-row]');
      if (el) setFillTo(Math.max(range.bottom, Number(el.dataset.row)));
    };
    const onUp = () => {
      const count = (fillTo ?? range.bottom) - range.bottom;
      setFillTo(null);
      if (count <= 0) return;
      const source: unknown[][] = [];
      for (let r = range.top; r <= range.bottom; r++) {
        const row = leafAt(r);
        if (row) source.push(leafColumns.slice(range.left, range.right + 1).map((col) => row[col.id]));
      }
      if (source.length) {
        applyBlock(range.bottom + 1, range.left, fillValues(source, count));
        setFocus({ row: range.bottom + count, col: range.right });
      }
    };
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp, { once: true });
    return () => {
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
    };
  }); // re-bound each render while dragging: it reads the current range and rows

  // --- header actions ----------------------------------------------------------------------------
  const activeFilters = useMemo(() => new Set(Object.keys(filterModel)), [filterModel]);
  const header = (
    <GridHeader
      table={table}
      fields={byName}
      state={state}
      activeFilters={activeFilters}
      onSort={(f, multi) => onColumnStateChange(toggleSort(state, f, multi))}
      onOpenFilter={(field, anchorEl) => setFilterMenu({ field, anchor: anchorEl })}
      onMove={(f, before) =>
        onColumnStateChange(moveColumn(state, f, state.order.filter((x) => x !== f).indexOf(before)))
      }
      onPin={(f, side) => onColumnStateChange(setPinned(state, f, side))}
      onHide={(f) => onColumnStateChange(setHidden(state, f, true))}
      onGroup={(f) => onColumnStateChange(addGroup(state, f))}
    />
  );

  const filterField = filterMenu ? byName.get(filterMenu.field) : undefined;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
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
        aria-colcount={leafColumns.length}
        aria-multiselectable
        tabIndex={0}
        onKeyDown={onKeyDown}
        onCopy={onCopy}
        onPaste={onPaste}
        sx={{
          flex: 1,
          minHeight: 240,
          overflow: 'auto',
          position: 'relative',
          outline: 'none',
          fontSize: 13,
          '&:focus-visible [data-focused=true]': {
            outline: 2,
            outlineColor: 'primary.main',
            outlineOffset: -2,
          },
        }}
      >
        <Box sx={{ width: totalWidth, minWidth: '100%' }}>
          {header}
          <Box role="rowgroup" sx={{ height: grid.virtualizer.getTotalSize(), position: 'relative' }}>
            {grid.items.map((item) => {
              const display = rowAt(item.index);
              if (!display) return null;
              const style = {
                position: 'absolute' as const,
                top: item.start,
                left: 0,
                height: ROW_HEIGHT,
                width: totalWidth,
                minWidth: '100%',
              };
              if (display.isGroup) {
                // A level without a grouped field (a stale row between two queries) draws nothing.
                const groupField = byName.get(state.groups[display.path.length] ?? '');
                if (!groupField) return null;
                const key = display.row?.[groupField.fieldName];
                return (
                  <Box
                    key={item.key}
                    role="row"
                    data-row={item.index}
                    aria-expanded={display.isExpanded}
                    aria-level={display.depth + 1}
                    onClick={() => setFocus({ row: item.index, col: focus.col })}
                    sx={{
                      ...style,
                      display: 'flex',
                      alignItems: 'center',
                      borderBottom: 1,
                      borderColor: 'divider',
                      bgcolor: focus.row === item.index ? 'action.selected' : 'grey.50',
                    }}
                  >
                    {/* Sticky: the expand control and the group's name stay in view when the grid scrolls sideways. */}
                    <Box
                      sx={{
                        position: 'sticky',
                        left: 0,
                        display: 'flex',
                        alignItems: 'center',
                        gap: 0.5,
                        pl: 1 + display.depth * 3,
                        pr: 1,
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {display.row ? (
                        <>
                          <IconButton
                            size="small"
                            aria-label={display.isExpanded ? 'Collapse group' : 'Expand group'}
                            onClick={() => grid.toggleGroup(display)}
                          >
                            {display.isExpanded ? (
                              <ExpandMore fontSize="small" />
                            ) : (
                              <ChevronRight fontSize="small" />
                            )}
                          </IconButton>
                          <Typography variant="body2">
                            <Box component="span" sx={{ color: 'text.secondary' }}>
                              {groupField.headerName}:{' '}
                            </Box>
                            <strong>
                              {key === null || key === undefined
                                ? BLANKS_LABEL
                                : formatCell(groupField, key) || String(key)}
                            </strong>{' '}
                            <Box component="span" sx={{ color: 'text.secondary' }}>
                              ({String(display.row.childCount)})
                            </Box>
                          </Typography>
                        </>
                      ) : (
                        <LoadingLine />
                      )}
                    </Box>
                  </Box>
                );
              }
              const row = display.row;
              return (
                <Box
                  key={item.key}
                  role="row"
                  data-row={item.index}
                  aria-rowindex={item.index + 2}
                  aria-level={state.groups.length ? display.depth + 1 : undefined}
                  onContextMenu={(e) => {
                    if (!row || !props.onRowContextMenu) return;
                    e.preventDefault();
                    const inSelection = item.index >= range.top && item.index <= range.bottom;
                    const rows = inSelection
                      ? Array.from({ length: range.bottom - range.top + 1 }, (_, i) =>
                          leafAt(range.top + i),
                        ).filter((r): r is Row => !!r)
                      : [row];
                    if (!inSelection) moveFocus(item.index, focus.col, false);
                    props.onRowContextMenu(e, rows);
                  }}
                  sx={{
                    ...style,
                    display: 'flex',
                    borderBottom: 1,
                    borderColor: 'divider',
                    '&:hover': { bgcolor: 'action.hover' },
                    '&:hover [data-pinned]': {
                      backgroundImage: 'linear-gradient(rgba(0, 0, 0, 0.04), rgba(0, 0, 0, 0.04))',
                    },
                  }}
                >
                  {leafColumns.map((column, c) => {
                    const field = byName.get(column.id)!;
                    const isFocused = focus.row === item.index && focus.col === c;
                    const selected = inRange(item.index, c);
                    const isEditing = editing?.pos.row === item.index && editing.pos.col === c;
                    const value = row?.[field.fieldName];
                    const missing =
                      row &&
                      field.isMandatory &&
                      (isEmptyCell(value) || (Array.isArray(value) && value.length === 0));
                    const custom = row ? props.renderCell?.(field, row) : undefined;
                    const isFillCorner =
                      props.fillHandle && c === range.right && item.index === range.bottom && !editing;
                    const inFill =
                      fillTo !== null &&
                      item.index > range.bottom &&
                      item.index <= fillTo &&
                      c >= range.left &&
                      c <= range.right;
                    const tint = missing
                      ? 'rgba(211, 47, 47, 0.08)'
                      : inFill
                        ? 'rgba(25, 118, 210, 0.12)'
                        : selected && (range.bottom > range.top || range.right > range.left)
                          ? 'rgba(25, 118, 210, 0.08)'
                          : undefined;
                    return (
                      <Box
                        key={column.id}
                        role="gridcell"
                        data-cell={`${item.index}:${c}`}
                        data-focused={isFocused}
                        data-pinned={column.getIsPinned() || undefined}
                        aria-selected={selected}
                        aria-readonly={!row || !props.canEdit(field, row)}
                        onMouseDown={(e) => {
                          if (e.button !== 0 || isEditing) return;
                          if (e.shiftKey) {
                            // Extends the range of cells, not the browser's text selection across them.
                            e.preventDefault();
                            setAnchor((a) => a ?? focus);
                          } else setAnchor(null);
                          setFocus({ row: item.index, col: c });
                        }}
                        onDoubleClick={() => startEdit({ row: item.index, col: c }, null)}
                        sx={{
                          width: column.getSize(),
                          flex: 'none',
                          position: 'relative',
                          px: 1,
                          display: 'flex',
                          alignItems: 'center',
                          justifyContent: isNumeric(field) ? 'flex-end' : 'flex-start',
                          borderRight: 1,
                          borderColor: 'divider',
                          overflow: isEditing ? 'visible' : 'hidden',
                          whiteSpace: 'nowrap',
                          bgcolor: tint,
                          outline: isFocused ? 2 : 0,
                          outlineColor: 'primary.main',
                          outlineOffset: -2,
                          ...pinnedStyle(column as never),
                          // A pinned cell is opaque (the scrolled cells pass under it): its tint is laid over it.
                          ...(tint && column.getIsPinned()
                            ? { backgroundImage: `linear-gradient(${tint}, ${tint})` }
                            : {}),
                          ...(isEditing ? { p: 0, zIndex: 4 } : {}),
                        }}
                      >
                        {!row ? (
                          c === 0 ? (
                            <LoadingLine />
                          ) : null
                        ) : isEditing ? (
                          <CellEditor
                            field={field}
                            row={row}
                            typed={editing.typed}
                            onCommit={finishEdit}
                            onCancel={() => (setEditing(null), scrollRef.current?.focus())}
                          />
                        ) : (
                          (custom ?? <CellText field={field} value={value} />)
                        )}
                        {isFillCorner && row && (
                          <Box
                            aria-label="Fill handle"
                            onMouseDown={(e) => {
                              e.stopPropagation();
                              e.preventDefault();
                              setFillTo(range.bottom);
                            }}
                            sx={{
                              position: 'absolute',
                              right: 0,
                              bottom: 0,
                              width: 7,
                              height: 7,
                              bgcolor: 'primary.main',
                              cursor: 'crosshair',
                              zIndex: 3,
                            }}
                          />
                        )}
                      </Box>
                    );
                  })}
                </Box>
              );
            })}
          </Box>
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
      {filterField && filterMenu && (
        <FilterMenu
          key={filterField.fieldName}
          field={filterField}
          anchor={filterMenu.anchor}
          onClose={() => setFilterMenu(null)}
          filter={filterModel[filterField.fieldName]}
          filterModel={filterModel}
          globalSearchText={props.globalSearchText}
          fetchValues={props.fetchValues}
          onChange={(filter) => {
            const next = { ...filterModel };
            if (filter) next[filterField.fieldName] = filter;
            else delete next[filterField.fieldName];
            props.onFilterModelChange(next);
          }}
        />
      )}
    </Box>
  );
}

function CellText({ field, value }: { field: FieldDescriptor; value: unknown }) {
  const text = formatCell(field, value);
  return (
    <Box
      component="span"
      title={text}
      sx={{ overflow: 'hidden', textOverflow: 'ellipsis', color: text === 'ERR' ? 'error.main' : undefined }}
    >
      {text}
    </Box>
  );
}

function LoadingLine() {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
      Loading…
    </Typography>
  );
}
