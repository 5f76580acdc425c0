/**
 * The annotation part of the viewer's toolbar (spec 2 §2, in its order): ruler, cell markers, field of
 * view, the snap toggle, drawing, move, undo and redo. Each button performs its action (viewer-actions.ts); a mode button is pressed
 * while its mode is the one chosen.
 */
import Divider from '@mui/material/Divider';
import CenterFocusStrongOutlined from '@mui/icons-material/CenterFocusStrongOutlined';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import JoinInnerOutlined from '@mui/icons-material/JoinInnerOutlined';
import OpenWith from '@mui/icons-material/OpenWith';
import Redo from '@mui/icons-material/Redo';
import ScatterPlotOutlined from '@mui/icons-material/ScatterPlotOutlined';
import StraightenOutlined from '@mui/icons-material/StraightenOutlined';
import Undo from '@mui/icons-material/Undo';
import type { InteractionMode } from '@tessera/domain';
import { ActionIconButton } from '../../../actions/ActionButton.tsx';
import type { BoundActions } from '../../../actions/action.ts';

const MODE_BUTTONS: readonly { id: string; mode: InteractionMode; icon: React.ReactNode }[] = [
  { id: 'viewer.ruler', mode: 'Ruler', icon: <StraightenOutlined /> },
  { id: 'viewer.cellMarkers', mode: 'Cma', icon: <ScatterPlotOutlined /> },
  { id: 'viewer.fieldOfView', mode: 'FieldOfView', icon: <CenterFocusStrongOutlined /> },
  { id: 'viewer.drawing', mode: 'Drawing', icon: <DrawOutlined /> },
  { id: 'viewer.move', mode: 'Transform', icon: <OpenWith /> },
];

export function AnnotationToolButtons({
  actions,
  selectedMode,
  isSnapOn,
}: {
  actions: BoundActions;
  selectedMode: InteractionMode;
  isSnapOn: boolean;
}) {
  const modeButton = ({ id, mode, icon }: (typeof MODE_BUTTONS)[number]) => (
    <ActionIconButton key={id} action={actions.get(id)} icon={icon} isPressed={selectedMode === mode} />
  );
  return (
    <>
      {MODE_BUTTONS.slice(0, 3).map(modeButton)}
      <ActionIconButton
        action={actions.get('viewer.snap')}
        icon={<JoinInnerOutlined />}
        isPressed={isSnapOn}
      />
      {MODE_BUTTONS.slice(3).map(modeButton)}
      <ActionIconButton action={actions.get('viewer.undo')} icon={<Undo />} />
      <ActionIconButton action={actions.get('viewer.redo')} icon={<Redo />} />
      {actions.get('viewer.undo').isAvailable && <Divider orientation="vertical" flexItem />}
    </>
  );
}
