/**
 * A toolbar button that opens a small panel under it: a popover with role dialog named like the button,
 * its title an overline. The viewer's display tools and sync panel are such panels.
 */
import { useId, useState, type ReactElement, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

export function ToolbarPopover({
  label,
  tooltip = label,
  title,
  icon,
  isActive = false,
  width,
  onOpen,
  children,
}: {
  /** The button's and the dialog's accessible name. */
  label: string;
  tooltip?: string;
  title: string;
  icon: ReactNode;
  /** The button in the primary colour (something is on). */
  isActive?: boolean;
  width?: number;
  onOpen?: () => void;
  /** The panel's controls; the title's id labels a group among them. */
  children: (titleId: string) => ReactNode;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  return (
    <>
      <Tooltip title={tooltip}>
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          color={isActive ? 'primary' : 'default'}
          onClick={(e) => {
            setAnchor(e.currentTarget);
            onOpen?.();
          }}
        >
          {icon}
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': label } }}
      >
        <Stack sx={{ px: 2, py: 1.5, ...(width ? { width } : { minWidth: 240 }) }}>
          <Typography variant="overline" color="text.secondary" id={titleId}>
            {title}
          </Typography>
          {children(titleId)}
        </Stack>
      </Popover>
    </>
  );
}

/** A disabled control gets no pointer events: the span carries the tooltip saying why. */
export function WithHint({ hint, children }: { hint: string | null | undefined; children: ReactElement }) {
  return hint ? (
    <Tooltip title={hint}>
      <span style={{ display: 'block' }}>{children}</span>
    </Tooltip>
  ) : (
    children
  );
}
