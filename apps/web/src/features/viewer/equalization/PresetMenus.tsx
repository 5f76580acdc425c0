/**
 * The panel's Save and Reset menus (spec 3 §2, §4): the scopes (for me, for the project, as default;
 * the last two disabled without equalizationManage, spec 3 §6) and the shared 'for all filtered slides of
 * the same assay' choice, a checkbox item that leaves the menu open. The confirmation some changes ask
 * for is the dialog below.
 */
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import CheckBox from '@mui/icons-material/CheckBox';
import type { EqualizationScope } from '@tessera/domain';
import {
  applyToAllLabel,
  NEEDS_MANAGE_HINT,
  type ApplyToAll,
  type Confirmation,
  type ScopeOption,
} from './equalization-panel-rules.ts';

interface MenuProps<S extends EqualizationScope> {
  label: 'Save' | 'Reset';
  variant: 'contained' | 'outlined';
  options: ScopeOption<S>[];
  onPick: (scope: S) => void;
  isDisabled: boolean;
  isBusy: boolean;
  applyToAll: ApplyToAll;
  isApplyToAll: boolean;
  onApplyToAllChange: (isOn: boolean) => void;
}

export function PresetMenu<S extends EqualizationScope>(props: MenuProps<S>) {
  const { label, options, onPick, applyToAll, isApplyToAll } = props;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        size="small"
        variant={props.variant}
        endIcon={<ArrowDropDown />}
        disabled={props.isDisabled}
        loading={props.isBusy}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {options.map((option) => (
          <MenuItem
            key={option.scope}
            dense
            disabled={!option.isEnabled}
            onClick={() => {
              close();
              onPick(option.scope);
            }}
          >
            <ListItemText
              primary={option.label}
              secondary={option.isEnabled ? undefined : NEEDS_MANAGE_HINT}
            />
          </MenuItem>
        ))}
        {applyToAll.isOffered && <Divider />}
        {applyToAll.isOffered && (
          <MenuItem
            dense
            role="menuitemcheckbox"
            aria-checked={isApplyToAll && !applyToAll.isTooMany}
            disabled={applyToAll.isTooMany || applyToAll.slideIds.length === 0}
            onClick={() => props.onApplyToAllChange(!isApplyToAll)}
          >
            <ListItemIcon>
              {isApplyToAll && !applyToAll.isTooMany ? (
                <CheckBox fontSize="small" color="primary" />
              ) : (
                <CheckBoxOutlineBlank fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={applyToAllLabel(applyToAll)}
              secondary={applyToAll.isTooMany ? 'Narrow the slide filter to use this' : undefined}
              slotProps={{ primary: { sx: { whiteSpace: 'normal', maxWidth: 240 } } }}
            />
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

interface ConfirmProps {
  confirmation: Confirmation | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec 3 §4: saving for the project or as default, and every reset, ask first. */
export function ConfirmChangeDialog({ confirmation, onConfirm, onCancel }: ConfirmProps) {
  // The words stay while the dialog fades out after the answer.
  const [shown, setShown] = useState(confirmation);
  if (confirmation && confirmation !== shown) setShown(confirmation);
  return (
    <Dialog open={confirmation !== null} onClose={onCancel} maxWidth="xs" fullWidth>
      <DialogTitle>{shown?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2">{shown?.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onConfirm} autoFocus>
          {shown?.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
