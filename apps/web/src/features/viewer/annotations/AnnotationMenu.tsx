/**
 * The annotation menu (spec 3 §2 "Annotation context menu", §5 "Annotation actions"), opened by a right
 * click on the map: Edit Metadata (its dialog: AnnotationMetadataDialog.tsx), Delete, Lock and Unlock
 * Annotations and Copy Annotation URL (actions of
 * viewer-actions.ts; readers see the last alone), the two RACT items (disabled: RactItems.tsx) and the
 * Set Class submenu of the project's classes but FOV; and the confirmation before deleting an FOV or ROI.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { canSetClass, classOf, EDIT_MESSAGES, type AnnotationClass } from '@tessera/domain';
import { ActionMenuItem } from '../../../actions/ActionButton.tsx';
import type { BoundActions } from '../../../actions/action.ts';
import { AnnotationMetadataDialog } from './AnnotationMetadataDialog.tsx';
import { RactItems } from './RactItems.tsx';
import type { AnnotationTools } from './use-annotation-tools.ts';

export function AnnotationMenu({
  tools,
  actions,
  classes,
}: {
  tools: AnnotationTools;
  actions: BoundActions;
  classes: ReadonlyMap<string, AnnotationClass>;
}) {
  const [classMenu, setClassMenu] = useState<HTMLElement | null>(null);
  const close = () => {
    setClassMenu(null);
    tools.closeMenu();
  };
  const classEnabled = canSetClass(tools.selected, {
    isVersionViewed: tools.isVersionViewed,
    mode: tools.mode,
  });
  return (
    <>
      {/* Mounted only while open: a menu left closing behind the map would take its next right click. */}
      {tools.menuAt && (
        <Menu
          open
          onClose={close}
          transitionDuration={{ exit: 0 }}
          anchorReference="anchorPosition"
          anchorPosition={{ top: tools.menuAt.y, left: tools.menuAt.x }}
          slotProps={{ list: { dense: true, 'aria-label': 'Annotation menu' } }}
        >
          <ActionMenuItem action={actions.get('viewer.editAnnotationMetadata')} onDone={close} />
          <ActionMenuItem action={actions.get('viewer.deleteAnnotations')} onDone={close} />
          <ActionMenuItem action={actions.get('viewer.lockAnnotations')} onDone={close} />
          <ActionMenuItem action={actions.get('viewer.unlockAnnotations')} onDone={close} />
          <ActionMenuItem action={actions.get('viewer.copyAnnotationUrl')} onDone={close} />
          <RactItems />
          {tools.canManage && <Divider />}
          {tools.canManage && (
            <MenuItem
              disabled={!classEnabled || !tools.canEdit}
              onClick={(event) => setClassMenu(event.currentTarget)}
              aria-haspopup="menu"
            >
              <ListItemText>Set Class</ListItemText>
              <ChevronRight fontSize="small" />
            </MenuItem>
          )}
        </Menu>
      )}
      <Menu
        open={classMenu !== null}
        anchorEl={classMenu}
        onClose={close}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { dense: true, 'aria-label': 'Set Class' } }}
      >
        {tools.drawClasses.map((c) => (
          <MenuItem
            key={c.classId}
            onClick={() => {
              close();
              tools.setSelectionClass(c.classId);
            }}
          >
            <span
              aria-hidden
              style={{ width: 12, height: 12, borderRadius: 2, background: c.color, marginRight: 8 }}
            />
            {c.name}
          </MenuItem>
        ))}
      </Menu>
      {tools.metadataEditing && (
        <AnnotationMetadataDialog
          key={tools.metadataEditing.annotationId}
          {...tools.metadataEditing}
          className={(classId) => classOf(classes, classId).name}
          onClose={tools.closeMetadata}
        />
      )}
      <Dialog open={tools.isConfirmingDelete} onClose={tools.cancelDelete}>
        <DialogContent>
          <DialogContentText>{EDIT_MESSAGES.confirmDeleteFovRoi}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={tools.cancelDelete}>No</Button>
          <Button variant="contained" color="error" onClick={() => tools.deleteSelection(true)} autoFocus>
            Yes
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
