/** The grouping panel above the grid: drag a column header here to group rows by it (issue #4 point 3). */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import type { FieldDescriptor } from '@tessera/domain';

export const COLUMN_DRAG_TYPE = 'application/x-tessera-grid-column';

export function GroupPanel({
  groups,
  fields,
  onAdd,
  onRemove,
}: {
  groups: string[];
  fields: readonly FieldDescriptor[];
  onAdd(field: string, at: number): void;
  onRemove(field: string): void;
}) {
  const [isOver, setOver] = useState(false);
  const header = (f: string) => fields.find((d) => d.fieldName === f)?.headerName ?? f;
  const droppable = (event: React.DragEvent) => event.dataTransfer.types.includes(COLUMN_DRAG_TYPE);
  return (
    <Box
      role="region"
      aria-label="Row groups"
      onDragOver={(e) => {
        if (!droppable(e)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        const field = e.dataTransfer.getData(COLUMN_DRAG_TYPE);
        if (field && fields.find((f) => f.fieldName === field)?.enableRowGroup) onAdd(field, groups.length);
      }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minHeight: 40,
        px: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: isOver ? 'action.hover' : 'background.default',
      }}
    >
      <AccountTreeOutlined fontSize="small" color="action" />
      {groups.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Drag a column here to group rows
        </Typography>
      ) : (
        groups.map((g, i) => (
          <Box key={g} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {i > 0 && <Typography color="text.secondary">›</Typography>}
            <Chip size="small" label={header(g)} onDelete={() => onRemove(g)} />
          </Box>
        ))
      )}
    </Box>
  );
}
