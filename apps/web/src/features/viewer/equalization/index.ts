/**
 * The viewer's equalization (spec 3 §2, §4, §5, §8): the panel, and the effective preset the viewer draws
 * tiles with while the panel is closed.
 */
export {
  EqualizationPanel,
  EQUALIZATION_PANEL_WIDTH,
  type EqualizationPanelProps,
} from './EqualizationPanel.tsx';
export { useEffectivePreset } from './use-effective-preset.ts';
