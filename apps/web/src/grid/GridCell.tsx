/** A cell of a slide row: its text (or the table's own rendering), the inline editor, the fill handle. */
import Box from '@mui/material/Box';
import { isMissingMandatory, type FieldDescriptor } from '@tessera/domain';
import { formatCell, isNumeric } from './cell-format.ts';
import { CellEditor } from './CellEditor.tsx';
import type { GridView } from './grid-view.ts';
import { pinnedStyle } from './pinned-style.ts';
import { LoadingLine } from './GroupRow.tsx';
import type { Row } from './row-tree.ts';
import { isInRange, isMultiCell } from './selection.ts';
import type { GridColumn } from './use-grid-columns.ts';

/** A mandatory cell left empty (spec 1 §5); the viewer's QC tab flags its values alike. */
export const MISSING_VALUE_TINT = 'rgba(211, 47, 47, 0.08)';

const TINTS = {
  missing: MISSING_VALUE_TINT,
  filling: 'rgba(25, 118, 210, 0.12)',
  selected: 'rgba(25, 118, 210, 0.08)',
};

interface CellProps {
  view: GridView;
  column: GridColumn;
  row: Row | undefined;
  index: number;
  col: number;
}

export function GridCell({ view, column, row, index, col }: CellProps) {
  const { props, selection, editing } = view;
  const field = view.fieldByName.get(column.id)!;
  const { focus, range } = selection;
  const isFocused = focus.row === index && focus.col === col;
  const isEditing = editing.editing?.pos.row === index && editing.editing.pos.col === col;
  const tint = tintOf(view, field, row, index, col);
  const isFillCorner = props.fillHandle && col === range.right && index === range.bottom && !editing.editing;
  return (
    <Box
      role="gridcell"
      data-cell={`${index}:${col}`}
      data-focused={isFocused}
      data-pinned={column.getIsPinned() || undefined}
      aria-selected={isInRange(range, index, col)}
      aria-readonly={!row || !props.canEdit(field, row)}
      onMouseDown={(e) => {
        if (e.button !== 0 || isEditing) return;
        // Shift extends the range of cells, not the browser's text selection across them.
        if (e.shiftKey) e.preventDefault();
        selection.clickCell({ row: index, col }, e.shiftKey);
      }}
      onDoubleClick={() => editing.startEdit({ row: index, col }, null)}
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
        ...(tint && column.getIsPinned() ? { backgroundImage: `linear-gradient(${tint}, ${tint})` } : {}),
        ...(isEditing ? { p: 0, zIndex: 4 } : {}),
      }}
    >
      <CellContent view={view} field={field} row={row} col={col} isEditing={isEditing} />
      {isFillCorner && row && <FillHandle onStart={view.startFill} />}
    </Box>
  );
}

/** A mandatory cell left empty is flagged; then the fill in progress; then a range of several cells. */
function tintOf(view: GridView, field: FieldDescriptor, row: Row | undefined, index: number, col: number) {
  const { range } = view.selection;
  const value = row?.[field.fieldName];
  const isMissing = row && isMissingMandatory(field, value);
  if (isMissing) return TINTS.missing;
  const { fillTo } = view;
  const isFilling =
    fillTo !== null && index > range.bottom && index <= fillTo && col >= range.left && col <= range.right;
  if (isFilling) return TINTS.filling;
  return isInRange(range, index, col) && isMultiCell(range) ? TINTS.selected : undefined;
}

function CellContent({
  view,
  field,
  row,
  col,
  isEditing,
}: {
  view: GridView;
  field: FieldDescriptor;
  row: Row | undefined;
  col: number;
  isEditing: boolean;
}) {
  if (!row) return col === 0 ? <LoadingLine /> : null;
  if (isEditing)
    return (
      <CellEditor
        field={field}
        row={row}
        typed={view.editing.editing!.typed}
        onCommit={view.finishEdit}
        onCancel={view.editing.cancelEdit}
      />
    );
  return view.props.renderCell?.(field, row) ?? <CellText field={field} value={row[field.fieldName]} />;
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

function FillHandle({ onStart }: { onStart(): void }) {
  return (
    <Box
      aria-label="Fill handle"
      onMouseDown={(e) => {
        e.stopPropagation();
        e.preventDefault();
        onStart();
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
  );
}
