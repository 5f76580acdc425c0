/** The Columns menu of a slide table: each column with a checkbox that shows or hides it. */
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { FieldDescriptor } from '@tessera/domain';
import { setHidden, type ColumnState } from '../../grid/column-state.ts';

export function ColumnsMenu({
  anchor,
  onClose,
  columnState,
  onColumnStateChange,
  fieldByName,
}: {
  anchor: HTMLElement | null;
  onClose(): void;
  columnState: ColumnState;
  onColumnStateChange(update: (state: ColumnState) => ColumnState): void;
  fieldByName: ReadonlyMap<string, FieldDescriptor>;
}) {
  return (
    <Menu
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
      slotProps={{ paper: { sx: { maxHeight: 420 } } }}
    >
      {columnState.order.map((f) => (
        <MenuItem
          key={f}
          dense
          onClick={() => onColumnStateChange((s) => setHidden(s, f, !s.hidden.includes(f)))}
        >
          <Checkbox
            size="small"
            checked={!columnState.hidden.includes(f)}
            tabIndex={-1}
            sx={{ p: 0.5, mr: 1 }}
          />
          <ListItemText>{fieldByName.get(f)?.headerName ?? f}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
