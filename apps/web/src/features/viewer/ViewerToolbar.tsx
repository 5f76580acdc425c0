/**
 * The viewer's control panel (spec 2 §2): back to the slide list, the slide's file name and conversion
 * state, the magnification shown, the annotation tools, the display tools, the sync panel, previous and next slide, fit to
 * screen and the magnification buttons — each an action of viewer-actions.ts (sync's of sync/).
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Divider from '@mui/material/Divider';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import FitScreenOutlined from '@mui/icons-material/FitScreenOutlined';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import type { SlideDetails } from '@tessera/contract';
import { MAGNIFICATIONS } from '@tessera/domain';
import { ActionIconButton } from '../../actions/ActionButton.tsx';
import type { BoundActions } from '../../actions/action.ts';
import { ConversionStatus } from './ConversionStatus.tsx';
import { DisplayTools } from './DisplayTools.tsx';
import { FluorescenceTools } from './fluorescence/FluorescenceTools.tsx';
import type { ViewSettings } from './view-settings.ts';
import type { ViewerTabState } from './viewer-layout.ts';

export function ViewerToolbar({
  slide,
  actions,
  settings,
  onSettingsChange,
  tabState,
  magnification,
  annotationTools,
  sync,
}: {
  slide: SlideDetails;
  actions: BoundActions;
  settings: ViewSettings;
  onSettingsChange: (change: Partial<ViewSettings>) => void;
  tabState: ViewerTabState;
  magnification: number | null;
  /** The annotation tools' buttons (annotations/AnnotationToolButtons), before the display tools. */
  annotationTools?: ReactNode;
  /** The sync panel (sync/SyncPanel), after the display tools (spec 2 §2 toolbar order). */
  sync?: ReactNode;
}) {
  const title = slide.fileName || slide.id;
  return (
    <Box
      role="toolbar"
      aria-label="Viewer controls"
      sx={{
        display: 'flex',
        alignItems: 'center',
        // Two viewers side by side halve the width: the controls wrap rather than crush the file name.
        flexWrap: 'wrap',
        gap: 0.5,
        rowGap: 0.5,
        // Compact icon buttons: the annotation tools, display, sync and navigation fit one row at 1280 px.
        '& .MuiIconButton-root': { p: '6px' },
        px: 1,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        minHeight: 48,
      }}
    >
      <ActionIconButton action={actions.get('viewer.backToSlides')} icon={<ArrowBack />} />
      <Box sx={{ minWidth: 0, flex: '1 1 160px' }}>
        <Typography variant="subtitle1" noWrap title={title} component="h1" sx={{ lineHeight: 1.3 }}>
          {title}
        </Typography>
        <ConversionStatus conversion={slide.conversion} />
      </Box>
      <Tooltip title="Magnification shown">
        <Typography
          variant="body2"
          aria-label="Magnification shown"
          sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 56, textAlign: 'right' }}
        >
          {magnification === null ? '' : `${formatMagnification(magnification)}×`}
        </Typography>
      </Tooltip>
      <Divider orientation="vertical" flexItem />
      <FluorescenceTools actions={actions} />
      {annotationTools}
      <DisplayTools
        actions={actions}
        settings={settings}
        tabState={tabState}
        onSettingsChange={onSettingsChange}
      />
      {sync}
      <ActionIconButton action={actions.get('viewer.previousSlide')} icon={<NavigateBefore />} />
      <ActionIconButton action={actions.get('viewer.nextSlide')} icon={<NavigateNext />} />
      <ActionIconButton action={actions.get('viewer.fit')} icon={<FitScreenOutlined />} />
      <ButtonGroup size="small" variant="outlined" aria-label="Magnify" sx={{ ml: 'auto' }}>
        {MAGNIFICATIONS.map((m) => {
          const action = actions.get(`viewer.magnify.${m}`);
          return (
            <Button
              key={m}
              disabled={!action.isEnabled}
              aria-label={`Magnify to ${m}×`}
              onClick={() => action.perform()}
            >
              {action.label}
            </Button>
          );
        })}
      </ButtonGroup>
    </Box>
  );
}

/** 10.0 → '10', 2.53 → '2.5': one decimal, without a trailing zero. */
function formatMagnification(m: number): string {
  return String(Math.round(m * 10) / 10);
}
