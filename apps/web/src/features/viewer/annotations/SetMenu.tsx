/**
 * The annotation set menu of the Annotations tab (spec 3 §2), in the spec's order — New..., Rename...,
 * Bulk Copy..., Versions..., Link set..., Fix Annotations... — then Import GeoJSON... and Export GeoJSON
 * (issue #14 point 8), and what each opens: the set dialog, the copy and link wizards, the version box,
 * the fix confirmation, the file picker. Editing entries need annotationsManage; Versions... and Export
 * are for every member.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import MoreVert from '@mui/icons-material/MoreVert';
import { FIX_ANNOTATIONS_CONFIRMATION, type AnnotationClass } from '@tessera/domain';
import type { AnnotationSet } from '@tessera/contract';
import { exportSetGeoJson, useRefreshSetLists, type ShownSet } from '../../../api/annotation-sets.ts';
import { messageOf } from '../../../api/queries.ts';
import { useSlideDetails } from '../../../api/slide-viewer.ts';
import { useNotify } from '../../../app/notify.tsx';
import { AnnotationCopyWizard } from './AnnotationCopyWizard.tsx';
import { AnnotationSetDialog } from './AnnotationSetDialog.tsx';
import { importGeoJsonFile } from './geojson-files.ts';
import { LinkSetWizard } from './LinkSetWizard.tsx';
import { VersionBox } from './VersionBox.tsx';
import type { ViewerAnnotationsLink } from './viewer-annotations.ts';

type Opened = 'create' | 'rename' | 'copy' | 'versions' | 'link' | 'fix';

interface Entry {
  label: string;
  isShown: boolean;
  isEnabled: boolean;
  /** Why it is disabled, under its label. */
  hint?: string | undefined;
  onSelect: () => void;
}

export function SetMenu({
  projectId,
  slideId,
  current,
  shownSet,
  version,
  canManage,
  link,
  classes,
  onChoose,
}: {
  projectId: string;
  slideId: string;
  /** The set shown, if any. */
  current: AnnotationSet | undefined;
  shownSet: ShownSet | null;
  version: number | null;
  canManage: boolean;
  link: ViewerAnnotationsLink | null;
  classes: ReadonlyMap<string, AnnotationClass>;
  onChoose: (choice: { setId: string; version: number | null }) => void;
}) {
  const notify = useNotify();
  const refreshLists = useRefreshSetLists();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [fileInput, setFileInput] = useState<HTMLInputElement | null>(null);
  // Spec 2 §4: annotations are copied only between slides of one block.
  const blockId = useSlideDetails(projectId, slideId).data?.blockId ?? null;
  const failed = (error: unknown) => notify(messageOf(error), 'error');
  const close = () => setOpened(null);

  const entries: Entry[] = [
    { label: 'New...', isShown: canManage, isEnabled: true, onSelect: () => setOpened('create') },
    { label: 'Rename...', isShown: canManage, isEnabled: !!current, onSelect: () => setOpened('rename') },
    {
      label: 'Bulk Copy...',
      isShown: canManage,
      isEnabled: !!current && blockId !== null,
      hint: current && blockId === null ? 'The slide has no Block ID' : undefined,
      onSelect: () => setOpened('copy'),
    },
    { label: 'Versions...', isShown: true, isEnabled: !!current, onSelect: () => setOpened('versions') },
    { label: 'Link set...', isShown: canManage, isEnabled: !!current, onSelect: () => setOpened('link') },
    {
      label: 'Fix Annotations...',
      isShown: canManage,
      isEnabled: !!link?.fixAnnotations,
      onSelect: () => setOpened('fix'),
    },
    {
      label: 'Import GeoJSON...',
      isShown: canManage,
      isEnabled: !!current && version === null,
      onSelect: () => fileInput?.click(),
    },
    {
      label: 'Export GeoJSON',
      isShown: true,
      isEnabled: !!shownSet,
      onSelect: () => current && shownSet && exportSetGeoJson(shownSet, current.name).catch(failed),
    },
  ];

  return (
    <>
      <Tooltip title="Annotation set menu">
        <IconButton aria-label="Annotation set menu" onClick={(event) => setAnchor(event.currentTarget)}>
          <MoreVert />
        </IconButton>
      </Tooltip>
      <Menu
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        transitionDuration={{ exit: 0 }}
      >
        {entries
          .filter((entry) => entry.isShown)
          .map((entry) => (
            <MenuItem
              key={entry.label}
              disabled={!entry.isEnabled}
              onClick={() => {
                setAnchor(null);
                entry.onSelect();
              }}
            >
              <ListItemText primary={entry.label} secondary={entry.hint} />
            </MenuItem>
          ))}
      </Menu>
      <input
        ref={setFileInput}
        type="file"
        accept=".geojson,.json,application/geo+json,application/json"
        hidden
        aria-label="GeoJSON file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file || !shownSet) return;
          importGeoJsonFile(shownSet, file).then((notice) => {
            notify(notice, 'success');
            link?.reload();
            void refreshLists(shownSet);
          }, failed);
        }}
      />
      {(opened === 'create' || (opened === 'rename' && current)) && (
        <AnnotationSetDialog
          projectId={projectId}
          slideId={slideId}
          mode={
            opened === 'rename' && current
              ? { kind: 'rename', setId: current.id, name: current.name }
              : { kind: 'create' }
          }
          onClose={close}
          onCreated={(setId) => onChoose({ setId, version: null })}
        />
      )}
      {opened === 'copy' && current && blockId !== null && (
        <AnnotationCopyWizard
          projectId={projectId}
          slideId={slideId}
          blockId={blockId}
          set={current}
          classes={[...classes.values()]}
          onClose={close}
        />
      )}
      {opened === 'versions' && current && (
        <VersionBox
          projectId={projectId}
          slideId={slideId}
          set={current}
          version={version}
          canManage={canManage}
          onChooseVersion={(v) => onChoose({ setId: current.id, version: v })}
          onClose={close}
        />
      )}
      {opened === 'link' && current && <LinkSetWizard projectId={projectId} set={current} onClose={close} />}
      <Dialog open={opened === 'fix'} onClose={close} aria-labelledby="fix-annotations-title">
        <DialogTitle id="fix-annotations-title">Fix annotations</DialogTitle>
        <DialogContent>
          <DialogContentText>{FIX_ANNOTATIONS_CONFIRMATION}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button
            variant="contained"
            onClick={() => {
              close();
              link?.fixAnnotations?.().then((report) => notify(report, 'success'), failed);
            }}
          >
            Fix
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
