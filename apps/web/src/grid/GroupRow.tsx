/** A group row (row grouping): its field, its value and the count of rows under it, and the expand control. */
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { BLANKS_LABEL, type FieldDescriptor } from '@tessera/domain';
import { formatCell } from './cell-format.ts';
import type { GridView } from './grid-view.ts';
import type { DisplayRow } from './row-tree.ts';

export function GroupRow({
  view,
  display,
  index,
  style,
}: {
  view: GridView;
  display: DisplayRow;
  index: number;
  style: React.CSSProperties;
}) {
  // A level without a grouped field (a stale row between two queries) draws nothing.
  const groupField = view.fieldByName.get(view.groups[display.path.length] ?? '');
  if (!groupField) return null;
  const { focus, setFocus } = view.selection;
  return (
    <Box
      role="row"
      data-row={index}
      data-group-row
      aria-expanded={display.isExpanded}
      aria-level={display.depth + 1}
      onClick={() => setFocus({ row: index, col: focus.col })}
      sx={{
        ...style,
        display: 'flex',
        alignItems: 'center',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: focus.row === index ? 'action.selected' : 'grey.50',
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
        {display.row ? <GroupLabel view={view} display={display} field={groupField} /> : <LoadingLine />}
      </Box>
    </Box>
  );
}

function GroupLabel({
  view,
  display,
  field,
}: {
  view: GridView;
  display: DisplayRow;
  field: FieldDescriptor;
}) {
  const key = display.row?.[field.fieldName];
  return (
    <>
      <IconButton
        size="small"
        aria-label={display.isExpanded ? 'Collapse group' : 'Expand group'}
        onClick={() => view.toggleGroup(display)}
      >
        {display.isExpanded ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
      </IconButton>
      <Typography variant="body2">
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {field.headerName}:{' '}
        </Box>
        <strong>
          {key === null || key === undefined ? BLANKS_LABEL : formatCell(field, key) || String(key)}
        </strong>{' '}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          ({String(display.row?.childCount)})
        </Box>
      </Typography>
    </>
  );
}

/** A row (or a group) whose block is still loading. */
export function LoadingLine() {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
      Loading…
    </Typography>
  );
}
