/**
 * A column's filter (issue #4 point 3): text, number and date conditions (two, joined by AND or OR) and
 * the set filter with its rules (spec 1 §5). Changes reach the grid after 750 ms.
 */
import Popover from '@mui/material/Popover';
import { filterKindOf } from '@tessera/domain';
import { ConditionFilterPanel } from './ConditionFilterPanel.tsx';
import type { FilterMenuProps } from './filter-panel.ts';
import { SetFilterPanel } from './SetFilterPanel.tsx';

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
