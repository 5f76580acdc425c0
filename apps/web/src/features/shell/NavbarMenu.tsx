/**
 * The drop-down menus of the navbar's right side (help and account): they open below their button,
 * aligned to its right edge so they stay on screen, and list icon-led entries.
 */
import type { ReactNode } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { SvgIconComponent } from '@mui/icons-material';

export function NavbarMenu({
  anchor,
  onClose,
  minWidth,
  children,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Menu
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth, mt: 0.5 } } }}
    >
      {children}
    </Menu>
  );
}

/** A menu entry with a small leading icon (also used by the Browse menu). */
export function IconMenuItem({
  icon: Icon,
  label,
  onClick,
}: {
  icon: SvgIconComponent;
  label: string;
  onClick: () => void;
}) {
  return (
    <MenuItem onClick={onClick}>
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
}
