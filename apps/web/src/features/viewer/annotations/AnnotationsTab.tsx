/**
 * The side panel's Annotations tab (spec 3 §2): the set selector of the active slide with its menu —
 * New..., Rename..., Import GeoJSON... and Fix Annotations... (annotationsManage), Versions... (the version
 * box) and Export GeoJSON — and, with it, the version shown (the working state or a version made); the
 * spec's hint and empty text; the set's Region Annotations grouped by class and its Cell Marker
 * Annotations per class. The lists select through the active viewer's tools (both ways).
 * Bulk Copy... and Link set... are not built yet (issue #14 point 7).
 */
import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MoreVert from '@mui/icons-material/MoreVert';
import { ANNOTATIONS_TAB_TEXTS, FIX_ANNOTATIONS_CONFIRMATION } from '@tessera/domain';
import { useAnnotationClassMap } from '../../../api/annotation-classes.ts';
import {
  exportSetGeoJson,
  useCellMarkerStats,
  useRefreshSetLists,
  useRegionList,
  useSlideAnnotationSets,
  type ShownSet,
} from '../../../api/annotation-sets.ts';
import { messageOf } from '../../../api/queries.ts';
import { useNotify } from '../../../app/notify.tsx';
import { useCurrentProject } from '../../projects/index.ts';
import { AnnotationSetDialog, type SetDialogMode } from './AnnotationSetDialog.tsx';
import { CellMarkerTotals } from './CellMarkerTotals.tsx';
import { importGeoJsonFile } from './geojson-files.ts';
import { RegionList } from './RegionList.tsx';
import { useViewerAnnotationsLink } from './viewer-annotations.ts';
import { VersionBox } from './VersionBox.tsx';

const NONE = '';
const WORKING = 'working';

export interface ShownSetChoice {
  setId: string | null;
  version: number | null;
}

export function AnnotationsTab({
  projectId,
  slideId,
  viewerId,
  shown,
  onChoose,
}: {
  projectId: string;
  slideId: string;
  viewerId: string;
  shown: ShownSetChoice;
  onChoose: (choice: ShownSetChoice) => void;
}) {
  const sets = useSlideAnnotationSets(projectId, slideId);
  const canManage = useCurrentProject().permissions.has('annotationsManage');
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<SetDialogMode | null>(null);
  const [isVersionsOpen, setVersionsOpen] = useState(false);
  const [isFixing, setFixing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const notify = useNotify();
  const refreshLists = useRefreshSetLists();
  const link = useViewerAnnotationsLink(viewerId);
  const { classMap } = useAnnotationClassMap(projectId);
  const list = sets.data ?? [];
  const current = list.find((set) => set.id === shown.setId);
  const shownSet: ShownSet | null = current
    ? { projectId, setId: current.id, version: shown.version ?? undefined }
    : null;
  const revision = link?.revision ?? 0;
  const regions = useRegionList(shownSet, revision);
  const markers = useCellMarkerStats(shownSet, revision);

  if (sets.isError)
    return (
      <Box sx={{ p: 2 }}>
        <Typography variant="body2" color="error">
          {messageOf(sets.error)}
        </Typography>
      </Box>
    );
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, overflow: 'auto', height: '100%' }}>
      <Stack direction="row" spacing={0.5} alignItems="center">
        <FormControl size="small" fullWidth disabled={sets.isPending || list.length === 0}>
          <InputLabel id="annotation-set-label">Annotation set</InputLabel>
          <Select
            labelId="annotation-set-label"
            label="Annotation set"
            value={current ? current.id : NONE}
            onChange={(event) => onChoose({ setId: event.target.value || null, version: null })}
          >
            <MenuItem value={NONE}>
              <em>None</em>
            </MenuItem>
            {list.map((set) => (
              <MenuItem key={set.id} value={set.id}>
                {set.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {(canManage || shownSet) && (
          <Tooltip title="Annotation set menu">
            <IconButton
              aria-label="Annotation set menu"
              onClick={(event) => setMenuAnchor(event.currentTarget)}
            >
              <MoreVert />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Menu
        open={menuAnchor !== null}
        anchorEl={menuAnchor}
        onClose={() => setMenuAnchor(null)}
        transitionDuration={{ exit: 0 }}
      >
        {canManage && (
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              setDialog({ kind: 'create' });
            }}
          >
            New...
          </MenuItem>
        )}
        {canManage && (
          <MenuItem
            disabled={!current}
            onClick={() => {
              setMenuAnchor(null);
              if (current) setDialog({ kind: 'rename', setId: current.id, name: current.name });
            }}
          >
            Rename...
          </MenuItem>
        )}
        <MenuItem
          disabled={!current}
          onClick={() => {
            setMenuAnchor(null);
            setVersionsOpen(true);
          }}
        >
          Versions...
        </MenuItem>
        {canManage && (
          <MenuItem
            disabled={!current || shown.version !== null}
            onClick={() => {
              setMenuAnchor(null);
              fileInput.current?.click();
            }}
          >
            Import GeoJSON...
          </MenuItem>
        )}
        {canManage && (
          <MenuItem
            disabled={!link?.fixAnnotations}
            onClick={() => {
              setMenuAnchor(null);
              setFixing(true);
            }}
          >
            Fix Annotations...
          </MenuItem>
        )}
        <MenuItem
          disabled={!shownSet}
          onClick={() => {
            setMenuAnchor(null);
            if (shownSet && current)
              exportSetGeoJson(shownSet, current.name).catch((error: unknown) =>
                notify(messageOf(error), 'error'),
              );
          }}
        >
          Export GeoJSON
        </MenuItem>
      </Menu>
      <input
        ref={fileInput}
        type="file"
        accept=".geojson,.json,application/geo+json,application/json"
        hidden
        aria-label="GeoJSON file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file || !shownSet) return;
          importGeoJsonFile(shownSet, file).then(
            (notice) => {
              notify(notice, 'success');
              link?.reload();
              void refreshLists(shownSet);
            },
            (error: unknown) => notify(messageOf(error), 'error'),
          );
        }}
      />
      {current && current.versions.length > 0 && (
        <FormControl size="small" fullWidth>
          <InputLabel id="annotation-version-label">Version</InputLabel>
          <Select
            labelId="annotation-version-label"
            label="Version"
            value={shown.version === null ? WORKING : String(shown.version)}
            onChange={(event) =>
              onChoose({
                setId: current.id,
                version: event.target.value === WORKING ? null : Number(event.target.value),
              })
            }
          >
            <MenuItem value={WORKING}>Working version</MenuItem>
            {current.versions.map((v) => (
              <MenuItem key={v.version} value={String(v.version)}>
                Version {v.version}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      {!sets.isPending && !current && (
        <Typography variant="body2" color="text.secondary">
          {list.length === 0 ? ANNOTATIONS_TAB_TEXTS.empty : ANNOTATIONS_TAB_TEXTS.hint}
        </Typography>
      )}
      {shownSet && (
        <>
          <Section title="Region Annotations">
            {regions.isError ? (
              <Typography variant="body2" color="error">
                {messageOf(regions.error)}
              </Typography>
            ) : regions.data ? (
              <RegionList set={shownSet} regions={regions.data} classes={classMap} link={link} />
            ) : null}
          </Section>
          {markers.data && markers.data.classes.length > 0 && (
            <Section title="Cell Marker Annotations">
              <CellMarkerTotals totals={markers.data.classes} classes={classMap} />
            </Section>
          )}
        </>
      )}
      {isVersionsOpen && current && (
        <VersionBox
          projectId={projectId}
          slideId={slideId}
          set={current}
          version={shown.version}
          canManage={canManage}
          onChooseVersion={(version) => onChoose({ setId: current.id, version })}
          onClose={() => setVersionsOpen(false)}
        />
      )}
      <Dialog open={isFixing} onClose={() => setFixing(false)} aria-labelledby="fix-annotations-title">
        <DialogTitle id="fix-annotations-title">Fix annotations</DialogTitle>
        <DialogContent>
          <DialogContentText>{FIX_ANNOTATIONS_CONFIRMATION}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setFixing(false)}>Cancel</Button>
          <Button
            variant="contained"
            onClick={() => {
              setFixing(false);
              link?.fixAnnotations?.().then(
                (report) => notify(report, 'success'),
                (error: unknown) => notify(messageOf(error), 'error'),
              );
            }}
          >
            Fix
          </Button>
        </DialogActions>
      </Dialog>
      {dialog && (
        <AnnotationSetDialog
          projectId={projectId}
          slideId={slideId}
          mode={dialog}
          onClose={() => setDialog(null)}
          onCreated={(setId) => onChoose({ setId, version: null })}
        />
      )}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="overline" component="h3" sx={{ lineHeight: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
