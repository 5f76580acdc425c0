/**
 * The immunofluorescence buttons of the control panel (spec 2 §2): 'Split Channels' / 'Combine
 * Channels', 'Toggle Grayscale' / 'Toggle Colored', and the equalization panel. Offered for
 * fluorescence slides only (the actions say so).
 */
import ContrastOutlined from '@mui/icons-material/ContrastOutlined';
import CropSquareOutlined from '@mui/icons-material/CropSquareOutlined';
import EqualizerOutlined from '@mui/icons-material/EqualizerOutlined';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import { ActionIconButton } from '../../../actions/ActionButton.tsx';
import type { BoundActions } from '../../../actions/action.ts';
import { FLUORESCENCE_LABELS } from '@tessera/domain';

export function FluorescenceTools({ actions }: { actions: BoundActions }) {
  const split = actions.get('viewer.toggleSplitChannels');
  const grayscale = actions.get('viewer.toggleGrayscale');
  return (
    <>
      <ActionIconButton
        action={split}
        icon={split.label === FLUORESCENCE_LABELS.split ? <GridViewOutlined /> : <CropSquareOutlined />}
      />
      <ActionIconButton
        action={grayscale}
        icon={grayscale.label === FLUORESCENCE_LABELS.grayscale ? <ContrastOutlined /> : <PaletteOutlined />}
      />
      <ActionIconButton action={actions.get('viewer.toggleEqualization')} icon={<EqualizerOutlined />} />
    </>
  );
}
