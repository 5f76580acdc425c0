/**
 * The viewer's collapsible side panel (spec 2 §2, spec 3 §2): a rail of its modes — Slides, QC,
 * Annotations, Results — with the 'Hide sidebar' / 'Show sidebar' toggle, and the panel of the mode
 * shown beside the viewers. The split is resizable by drag or arrow keys, never narrower than 250 px, and
 * keeps its weight (the panel's share of the width) when the window changes size.
 */
import { useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import GestureOutlined from '@mui/icons-material/GestureOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import MenuOpen from '@mui/icons-material/MenuOpen';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import ViewSidebarOutlined from '@mui/icons-material/ViewSidebarOutlined';
import { SIDE_PANEL_MIN_WIDTH, type SidePanelMode } from '@tessera/domain';
import {
  chooseMode,
  loadSidePanelState,
  saveSidePanelState,
  toggleSidebar,
  type SidePanelState,
} from './side-panel-state.ts';

type OpenMode = Exclude<SidePanelMode, 'none'>;

const MODES: { mode: OpenMode; title: string; icon: ReactNode }[] = [
  { mode: 'list', title: 'Slides', icon: <ViewListOutlined /> },
  { mode: 'qc', title: 'QC', icon: <FactCheckOutlined /> },
  { mode: 'annotations', title: 'Annotations', icon: <GestureOutlined /> },
  { mode: 'results', title: 'Results', icon: <InsightsOutlined /> },
];

/** Arrow keys move the split by this much. */
const KEY_STEP_PX = 24;

export function SidePanel({
  renderMode,
  children,
}: {
  renderMode: (mode: OpenMode) => ReactNode;
  /** The viewers, right of the panel. */
  children: ReactNode;
}) {
  const [state, setState] = useState(loadSidePanelState);
  const frame = useRef<HTMLDivElement>(null);
  const change = (next: SidePanelState) => {
    setState(next);
    saveSidePanelState(next);
  };
  const isShown = state.mode !== 'none';
  const shown = MODES.find((m) => m.mode === state.mode);
  const resizeTo = (panelPx: number) => {
    const total = frame.current?.clientWidth ?? 0;
    if (total > 0) change({ ...state, share: Math.min(0.8, Math.max(0.05, panelPx / total)) });
  };

  return (
    <Box ref={frame} sx={{ display: 'flex', flex: 1, minHeight: 0, minWidth: 0 }}>
      <Box
        role="toolbar"
        aria-label="Side panel"
        aria-orientation="vertical"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 0.5,
          py: 0.5,
          width: 44,
          flexShrink: 0,
          borderRight: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Tooltip title={isShown ? 'Hide sidebar' : 'Show sidebar'} placement="right">
          <IconButton
            aria-label={isShown ? 'Hide sidebar' : 'Show sidebar'}
            onClick={() => change(toggleSidebar(state))}
          >
            {isShown ? <MenuOpen /> : <ViewSidebarOutlined />}
          </IconButton>
        </Tooltip>
        {MODES.map(({ mode, title, icon }) => (
          <Tooltip key={mode} title={title} placement="right">
            <IconButton
              aria-label={title}
              aria-pressed={state.mode === mode}
              color={state.mode === mode ? 'primary' : 'default'}
              onClick={() => change(chooseMode(state, mode))}
              sx={state.mode === mode ? { bgcolor: 'action.selected' } : undefined}
            >
              {icon}
            </IconButton>
          </Tooltip>
        ))}
      </Box>
      {shown && (
        <>
          <Box
            component="aside"
            aria-label={shown.title}
            sx={{
              width: `${state.share * 100}%`,
              minWidth: SIDE_PANEL_MIN_WIDTH,
              flexShrink: 0,
              display: 'flex',
              flexDirection: 'column',
              minHeight: 0,
              // Clipped, not hidden: a focused grid cell must not scroll the panel itself sideways.
              overflow: 'clip',
              bgcolor: 'background.paper',
            }}
          >
            <Typography
              variant="subtitle2"
              component="h2"
              sx={{ px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              {shown.title}
            </Typography>
            <Box sx={{ flex: 1, minHeight: 0, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
              {renderMode(shown.mode)}
            </Box>
          </Box>
          <Splitter frame={frame} share={state.share} onResize={resizeTo} />
        </>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>{children}</Box>
    </Box>
  );
}

/** The split between panel and viewers: dragged with the pointer, or moved with the arrow keys. */
function Splitter({
  frame,
  share,
  onResize,
}: {
  frame: React.RefObject<HTMLDivElement | null>;
  share: number;
  onResize: (panelPx: number) => void;
}) {
  const panelLeft = () => (frame.current?.getBoundingClientRect().left ?? 0) + 44;
  const panelPx = () => share * (frame.current?.clientWidth ?? 0);
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the side panel"
      aria-valuenow={Math.round(share * 100)}
      aria-valuemin={5}
      aria-valuemax={80}
      tabIndex={0}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (e.currentTarget.hasPointerCapture(e.pointerId)) onResize(e.clientX - panelLeft());
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') onResize(panelPx() - KEY_STEP_PX);
        else if (e.key === 'ArrowRight') onResize(panelPx() + KEY_STEP_PX);
      }}
      sx={{
        width: 6,
        flexShrink: 0,
        cursor: 'col-resize',
        bgcolor: 'divider',
        '&:hover, &:focus-visible': { bgcolor: 'primary.light', outline: 'none' },
      }}
    />
  );
}
