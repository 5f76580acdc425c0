/**
 * The equalization panel on the viewer (spec 3 §2): a collapsible per-channel table with Save and Reset
 * menus and a Close button, floating over the map. The user edits a draft of the slide's effective
 * preset; the viewer draws the draft as it changes (onPresetChange) and the server keeps it once saved.
 * Mount it under a project route: the Save and Reset scopes follow the user's permissions there.
 */
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { EqualizationPreset } from '../../../api/equalization.ts';
import { useSlideDetails } from '../../../api/slide-viewer.ts';
import { ChannelTable } from './ChannelTable.tsx';
import {
  channelUnavailableMessages,
  PRESET_SOURCE_CAPTIONS,
  UNSAVED_CHANGES_CAPTION,
} from './equalization-panel-rules.ts';
import { ConfirmChangeDialog, PresetMenu } from './PresetMenus.tsx';
import { useEffectivePresetWithNotice } from './use-effective-preset.ts';
import { useEqualizationDraft } from './use-equalization-draft.ts';
import { usePresetChanges } from './use-preset-changes.ts';

export interface EqualizationPanelProps {
  projectId: string;
  slideId: string;
  /** Slides of the table's current filter with the same assay info as this one ("for all filtered slides of the same assay"); null when unknown, then that save option is hidden. */
  sameAssaySlideIds: readonly string[] | null;
  /** Called on every draft change (debounced ~300 ms, spec 2 §9 slider debounce) so the viewer re-renders tiles with the draft; and with the saved/effective preset on load. */
  onPresetChange: (preset: EqualizationPreset) => void;
  onClose: () => void;
}

/** A new slide starts a new draft: edits of one slide never carry over to the next. */
export function EqualizationPanel(props: EqualizationPanelProps) {
  return <PanelOfSlide key={`${props.projectId}/${props.slideId}`} {...props} />;
}

export const EQUALIZATION_PANEL_WIDTH = 360;

function PanelOfSlide({
  projectId,
  slideId,
  sameAssaySlideIds,
  onPresetChange,
  onClose,
}: EqualizationPanelProps) {
  const titleId = useId();
  const contentId = useId();
  const [isExpanded, setExpanded] = useState(true);
  const query = useEffectivePresetWithNotice(projectId, slideId);
  const effective = query.data;
  const { draft, hasUnsavedChanges, dispatch } = useEqualizationDraft(effective, onPresetChange);
  const changes = usePresetChanges({ projectId, slideId, sameAssaySlideIds, effective, draft, dispatch });
  const details = useSlideDetails(projectId, slideId);
  const caption = effective
    ? [PRESET_SOURCE_CAPTIONS[effective.source], hasUnsavedChanges && UNSAVED_CHANGES_CAPTION]
        .filter(Boolean)
        .join(' · ')
    : null;

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      onKeyDown={(event) => {
        // Escape closes the panel unless a part of it (a menu, the picker, an input) used it first.
        if (event.key === 'Escape' && !event.defaultPrevented) onClose();
      }}
      sx={{
        width: EQUALIZATION_PANEL_WIDTH,
        maxWidth: '100%',
        maxHeight: '100%',
        display: 'flex',
        flexDirection: 'column',
        boxShadow: 4,
        overflow: 'hidden',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', pl: 1.5, pr: 0.5, py: 0.5, gap: 0.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} component="h2" variant="subtitle2">
            Equalization
          </Typography>
          {caption && (
            <Typography variant="caption" color="text.secondary" component="p" aria-live="polite">
              {caption}
            </Typography>
          )}
        </Box>
        <Tooltip title={isExpanded ? 'Collapse' : 'Expand'}>
          <IconButton
            size="small"
            aria-label={isExpanded ? 'Collapse channels' : 'Expand channels'}
            aria-expanded={isExpanded}
            aria-controls={contentId}
            onClick={() => setExpanded(!isExpanded)}
          >
            {isExpanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
          </IconButton>
        </Tooltip>
        <Tooltip title="Close">
          <IconButton size="small" aria-label="Close equalization" onClick={onClose}>
            <Close fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Collapse in={isExpanded} id={contentId}>
        {draft && effective ? (
          <Box sx={{ maxHeight: '50vh', overflow: 'auto', borderTop: 1, borderColor: 'divider' }}>
            <ChannelTable
              preset={draft}
              unavailable={channelUnavailableMessages(details.data)}
              dispatch={dispatch}
            />
          </Box>
        ) : (
          <PanelState query={query} />
        )}
      </Collapse>
      <Stack
        direction="row"
        spacing={1}
        sx={{ px: 1.5, py: 1, borderTop: 1, borderColor: 'divider', justifyContent: 'flex-end' }}
      >
        <PresetMenu
          label="Reset"
          variant="outlined"
          options={changes.resetOptions}
          onPick={changes.requestReset}
          isDisabled={!changes.isReady || changes.isBusy}
          isBusy={false}
          applyToAll={changes.applyToAll}
          isApplyToAll={changes.isApplyToAll}
          onApplyToAllChange={changes.setApplyToAll}
        />
        <PresetMenu
          label="Save"
          variant="contained"
          options={changes.saveOptions}
          onPick={changes.requestSave}
          isDisabled={!changes.isReady}
          isBusy={changes.isBusy}
          applyToAll={changes.applyToAll}
          isApplyToAll={changes.isApplyToAll}
          onApplyToAllChange={changes.setApplyToAll}
        />
      </Stack>
      <ConfirmChangeDialog
        confirmation={changes.confirmation}
        onConfirm={changes.confirm}
        onCancel={changes.cancel}
      />
    </Paper>
  );
}

/** What the panel shows without a preset: loading, nothing to equalize, or a failed load to retry. */
function PanelState({ query }: { query: ReturnType<typeof useEffectivePresetWithNotice> }) {
  if (query.isPending)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, py: 2 }}>
        <CircularProgress size={16} />
        <Typography variant="body2" color="text.secondary">
          Loading equalization
        </Typography>
      </Stack>
    );
  if (query.isError)
    return (
      <Stack spacing={1} sx={{ px: 1.5, py: 2, alignItems: 'flex-start' }}>
        <Typography variant="body2" color="text.secondary">
          The equalization could not be loaded.
        </Typography>
        <Button size="small" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, py: 2 }}>
      This slide has no channels to equalize.
    </Typography>
  );
}
