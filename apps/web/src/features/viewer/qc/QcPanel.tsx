/**
 * The viewer side panel's QC tab (spec 3 §2): a 'Metadata Preset' dropdown, undo and redo above a
 * transposed grid (Column, Value) of the open slide's metadata for the preset's fields. Values are
 * edited with the slide table's editors, checked by the same domain rules and saved through the same
 * update API, one undo step per edit; 'Edit preset…' chooses a preset's fields (slideMetadataManage).
 * The side panel mounts it with the project and slide it shows.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { performKey } from '../../../actions/action.ts';
import { useMetadataPresets } from '../../../api/metadata-presets.ts';
import { useProject } from '../../../api/projects.ts';
import { messageOf } from '../../../api/queries.ts';
import { useFieldDescriptors, useSlideRow } from '../../../api/slide-table.ts';
import { useProjectPermissions } from '../../../app/permissions.ts';
import { AssayEditorDialog } from '../../slides/index.ts';
import { PresetFieldsDialog } from './PresetFieldsDialog.tsx';
import { QcGrid } from './QcGrid.tsx';
import { QcToolbar } from './QcToolbar.tsx';
import { useQcPanel, type QcPanelData, type QcPanelState } from './use-qc-panel.ts';

export const QC_PANEL_MESSAGES = {
  loading: 'Loading QC metadata',
  loadFailed: (message: string) => `QC metadata could not be loaded: ${message}`,
  slideMissing: 'This slide is not in the project',
  noFields: 'This preset shows no field of the project',
} as const;

export interface QcPanelProps {
  projectId: string;
  slideId: string;
}

export function QcPanel({ projectId, slideId }: QcPanelProps) {
  const project = useProject(projectId);
  const permissions = useProjectPermissions(project.data);
  const descriptors = useFieldDescriptors(projectId, 'slideMetadataView');
  const presets = useMetadataPresets(projectId);
  const slide = useSlideRow(projectId, slideId);
  const queries = [project, descriptors, presets, slide];
  const failed = queries.find((q) => q.error);
  if (failed)
    return (
      <Alert
        severity="error"
        sx={{ m: 1 }}
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => queries.forEach((q) => q.error && void q.refetch())}
          >
            Retry
          </Button>
        }
      >
        {QC_PANEL_MESSAGES.loadFailed(messageOf(failed.error))}
      </Alert>
    );
  if (!project.data || !descriptors.data || !presets.data || slide.data === undefined)
    return (
      <Box
        role="status"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2, color: 'text.secondary' }}
      >
        <CircularProgress size={18} />
        <Typography variant="body2">{QC_PANEL_MESSAGES.loading}</Typography>
      </Box>
    );
  if (slide.data === null)
    return (
      <Alert severity="warning" sx={{ m: 1 }}>
        {QC_PANEL_MESSAGES.slideMissing}
      </Alert>
    );
  return (
    // A slide or project of its own starts with its own history, focus and editor.
    <LoadedQcPanel
      key={`${projectId}:${slideId}`}
      projectId={projectId}
      slide={slide.data}
      fields={descriptors.data}
      presets={presets.data.presets}
      permissions={permissions}
    />
  );
}

function LoadedQcPanel(props: QcPanelData) {
  const qc = useQcPanel(props);
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
      onKeyDown={(e) => {
        // Undo and redo wherever the focus is in the tab, unless a control (the grid, an editor) took the
        // key. Keys in the tab's dialogs arrive here too (React bubbles through portals): they are theirs.
        if (e.defaultPrevented || qc.isEditing || !e.currentTarget.contains(e.target as Node)) return;
        performKey(qc.historyActions.list, e);
      }}
    >
      <QcToolbar qc={qc} />
      {qc.rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          {QC_PANEL_MESSAGES.noFields}
        </Typography>
      ) : (
        <QcGrid qc={qc} />
      )}
      <QcDialogs qc={qc} />
    </Box>
  );
}

function QcDialogs({ qc }: { qc: QcPanelState }) {
  const assayFields = useFieldDescriptors(qc.projectId, 'assayPopupEditor');
  return (
    <>
      {qc.isPresetDialogOpen && (
        <PresetFieldsDialog
          projectId={qc.projectId}
          preset={qc.preset}
          fields={qc.fields}
          onClose={() => qc.setPresetDialogOpen(false)}
        />
      )}
      {qc.isAssayEditorOpen && assayFields.data && (
        <AssayEditorDialog
          fileName={String(qc.slide.fileName ?? '')}
          assays={Array.isArray(qc.slide.assays) ? qc.slide.assays : []}
          fields={assayFields.data}
          onClose={() => qc.setAssayEditorOpen(false)}
          onSave={(assays) => {
            qc.setAssayEditorOpen(false);
            void qc.edits
              .commit([{ row: qc.slide, field: 'assays', value: assays }])
              .then((rows) => rows && qc.storeRows(rows));
          }}
        />
      )}
    </>
  );
}
