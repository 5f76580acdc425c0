/**
 * Toolbar buttons and menu items drawn from a bound action: its label, its disabled state and its
 * shortcut hint come from the action, so no toolbar spells a shortcut out by hand.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { tooltipOf, type BoundAction } from './action.ts';

/**
 * An icon button named by the action's label, with 'Label (shortcut)' as its tooltip; `isPressed` makes
 * it a toggle (a tool that is on: pressed, in the primary colour).
 */
export function ActionIconButton({
  action,
  icon,
  isPressed,
}: {
  action: BoundAction;
  icon: ReactNode;
  isPressed?: boolean;
}) {
  if (!action.isAvailable) return null;
  return (
    <Tooltip title={tooltipOf(action)}>
      {/* A disabled button gets no pointer events; the span keeps the tooltip working. */}
      <span>
        <IconButton
          aria-label={action.label}
          aria-pressed={isPressed}
          color={isPressed ? 'primary' : 'default'}
          sx={isPressed ? { bgcolor: 'action.selected' } : undefined}
          disabled={!action.isEnabled}
          onClick={(e) => action.perform({ anchor: e.currentTarget })}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** A text button; its shortcut, when it has one, is the tooltip, or why it is disabled. */
export function ActionButton({ action, icon }: { action: BoundAction; icon?: ReactNode }) {
  if (!action.isAvailable) return null;
  const button = (
    <Button
      size="small"
      startIcon={icon}
      disabled={!action.isEnabled}
      onClick={(e) => action.perform({ anchor: e.currentTarget })}
    >
      {action.label}
    </Button>
  );
  if (!action.hint && !action.disabledReason) return button;
  return (
    <Tooltip title={tooltipOf(action)}>
      <span>{button}</span>
    </Tooltip>
  );
}

/**
 * A menu item; `onDone` closes the menu before the action runs (a dialog it opens takes the focus).
 * Other props are the menu's (MUI's MenuList gives its first item autoFocus and tabIndex).
 */
export function ActionMenuItem({
  action,
  icon,
  onDone,
  ...menuProps
}: {
  action: BoundAction;
  icon?: ReactNode;
  onDone?: () => void;
} & Pick<MenuItemProps, 'autoFocus' | 'tabIndex' | 'selected' | 'dense'>) {
  if (!action.isAvailable) return null;
  // A link's navigation is the browser's (so a new tab works); the menu only closes.
  const link = action.href ? { component: RouterLink, to: action.href } : {};
  return (
    <MenuItem
      {...menuProps}
      {...link}
      disabled={!action.isEnabled}
      onClick={(e: React.MouseEvent<HTMLElement>) => {
        onDone?.();
        if (!action.href) action.perform({ anchor: e.currentTarget });
      }}
    >
      {icon && <ListItemIcon>{icon}</ListItemIcon>}
      <ListItemText>{action.label}</ListItemText>
      {action.hint && (
        <Typography variant="body2" color="text.secondary" sx={{ ml: 2 }}>
          {action.hint}
        </Typography>
      )}
    </MenuItem>
  );
}
