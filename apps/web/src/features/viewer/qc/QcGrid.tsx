/**
 * The QC tab's transposed grid (spec 3 §2): columns Column and Value, one row per field of the preset.
 * One focused value (arrows, Home, End); Enter, F2 or typing edits it with the slide table's editors,
 * Space toggles a boolean, Delete clears an editable value. Mandatory fields left empty are tinted as in
 * the slide table; read-only values cannot be edited.
 */
import { useEffect, useId } from 'react';
import Box from '@mui/material/Box';
import { performKey } from '../../../actions/action.ts';
import { CellEditor } from '../../../grid/CellEditor.tsx';
import { formatCell, INVALID_DATE, isNumeric } from '../../../grid/cell-format.ts';
import { MISSING_VALUE_TINT } from '../../../grid/GridCell.tsx';
import { LabelThumbnail, labelImageOf } from '../../slides/index.ts';
import type { QcRow } from './qc-rows.ts';
import type { QcPanelState } from './use-qc-panel.ts';

const ROW_MIN_HEIGHT = 32;

export function QcGrid({ qc }: { qc: QcPanelState }) {
  const { rows, focusedIndex, gridRef, isEditing, actions } = qc;
  const idBase = useId();
  useEffect(() => {
    gridRef.current?.querySelector(`[data-index="${focusedIndex}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [focusedIndex, gridRef]);
  return (
    <Box
      ref={gridRef}
      role="grid"
      aria-label={`Metadata of ${String(qc.slide.fileName ?? '')}`}
      aria-rowcount={rows.length + 1}
      aria-colcount={2}
      aria-activedescendant={rows.length > 0 ? `${idBase}-${focusedIndex}` : undefined}
      tabIndex={0}
      onKeyDown={(e) => {
        // Keys on a control inside a value (an open editor) are the control's.
        if (isEditing || e.target !== e.currentTarget) return;
        performKey(actions.list, e);
      }}
      sx={{
        flex: 1,
        minHeight: 0,
        overflow: 'auto',
        fontSize: 13,
        '&:focus-visible': { outline: 'none' },
        '&:focus-visible [data-focused="true"]': {
          outline: 2,
          outlineColor: 'primary.main',
          outlineOffset: -2,
        },
      }}
    >
      <Box role="row" aria-rowindex={1} sx={{ ...rowSx, position: 'sticky', top: 0, zIndex: 2 }}>
        <Box role="columnheader" sx={{ ...headerSx, borderRight: 1, borderColor: 'divider' }}>
          Column
        </Box>
        <Box role="columnheader" sx={headerSx}>
          Value
        </Box>
      </Box>
      {rows.map((row, index) => (
        <QcGridRow key={row.field.fieldName} qc={qc} row={row} index={index} cellId={`${idBase}-${index}`} />
      ))}
    </Box>
  );
}

const rowSx = {
  display: 'grid',
  gridTemplateColumns: 'minmax(110px, 42%) 1fr',
  minHeight: ROW_MIN_HEIGHT,
  borderBottom: 1,
  borderColor: 'divider',
};
const headerSx = { px: 1, display: 'flex', alignItems: 'center', fontWeight: 600, bgcolor: 'grey.100' };

function QcGridRow({
  qc,
  row,
  index,
  cellId,
}: {
  qc: QcPanelState;
  row: QcRow;
  index: number;
  cellId: string;
}) {
  const { field, isMissing, isEditable } = row;
  const isFocused = index === qc.focusedIndex;
  const editingHere = qc.editing.editing?.pos.col === index ? qc.editing.editing : null;
  return (
    <Box
      role="row"
      aria-rowindex={index + 2}
      data-index={index}
      onMouseDown={(e) => {
        if (e.button !== 0 || editingHere) return;
        qc.focusRow(index);
      }}
      onDoubleClick={() => qc.editing.startEdit({ row: 0, col: index }, null)}
      sx={rowSx}
    >
      <Box
        role="rowheader"
        title={field.headerTooltip ?? field.headerName}
        sx={{
          px: 1,
          display: 'flex',
          alignItems: 'center',
          borderRight: 1,
          borderColor: 'divider',
          minWidth: 0,
        }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {field.headerName}
          {field.isMandatory && (
            <Box component="span" sx={{ color: 'error.main' }} aria-label=", mandatory">
              {' *'}
            </Box>
          )}
        </Box>
      </Box>
      <Box
        role="gridcell"
        id={cellId}
        data-focused={isFocused}
        aria-selected={isFocused}
        aria-readonly={!isEditable}
        aria-invalid={isMissing || undefined}
        sx={{
          position: 'relative',
          px: editingHere ? 0 : 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: isNumeric(field) ? 'flex-end' : 'flex-start',
          minWidth: 0,
          overflow: editingHere ? 'visible' : 'hidden',
          bgcolor: isMissing ? MISSING_VALUE_TINT : undefined,
          color: isEditable ? 'text.primary' : 'text.secondary',
          ...(editingHere ? { zIndex: 1 } : {}),
        }}
      >
        {editingHere ? (
          <CellEditor
            field={field}
            row={qc.slide}
            typed={editingHere.typed}
            onCommit={(raw, move) => {
              qc.editing.finishEdit(raw);
              if (move) qc.focusRow(Math.min(index + 1, qc.rows.length - 1));
            }}
            onCancel={qc.editing.cancelEdit}
          />
        ) : (
          <QcValue qc={qc} row={row} />
        )}
      </Box>
    </Box>
  );
}

function QcValue({ qc, row }: { qc: QcPanelState; row: QcRow }) {
  if (row.field.fieldName === 'label') {
    const kind = labelImageOf(qc.slide);
    return kind ? (
      <LabelThumbnail projectId={qc.projectId} slideId={String(qc.slide.id)} kind={kind} />
    ) : null;
  }
  const text = formatCell(row.field, row.value);
  return (
    <Box
      component="span"
      title={text}
      sx={{
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        color: text === INVALID_DATE ? 'error.main' : undefined,
      }}
    >
      {text}
    </Box>
  );
}
