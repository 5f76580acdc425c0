/**
 * The viewer's commands (spec 2 §2 control panel and display tools) as actions of one registry
 * (actions/action.ts): the toolbar, the display tools popover and tests perform the same action, and
 * sync and the annotation tools join it.
 */
import { MAGNIFICATIONS } from '@tessera/domain';
import { createActionRegistry, type Action } from '../../actions/action.ts';
import type { SlideMap } from '../../viewer/slide-map.ts';
import type { ViewSettings } from './view-settings.ts';

export interface ViewerContext {
  /** The slide's map once its image is shown. */
  map: SlideMap | null;
  backToSlides(): void;
  settings: ViewSettings;
  changeSettings(change: Partial<ViewSettings>): void;
  /** Whether the slide carries an ICC profile (imageInfo attachments). */
  hasIccProfile: boolean;
}

const magnify = (m: number): Action<ViewerContext> => ({
  id: `viewer.magnify.${m}`,
  label: `${m}×`,
  isEnabled: (c) => c.map !== null,
  perform: (c) => c.map?.magnify(m),
});

export const VIEWER_ACTIONS = createActionRegistry<ViewerContext>([
  {
    id: 'viewer.backToSlides',
    label: 'Back to the slide list',
    perform: (c) => c.backToSlides(),
  },
  {
    id: 'viewer.fit',
    label: 'Fit image to the view',
    isEnabled: (c) => c.map !== null,
    perform: (c) => c.map?.fit(),
  },
  ...MAGNIFICATIONS.map(magnify),
  {
    id: 'viewer.togglePixelSmoothing',
    label: 'Pixel smoothing',
    perform: (c) => c.changeSettings({ pixelPerfectModeOn: !c.settings.pixelPerfectModeOn }),
  },
  {
    id: 'viewer.toggleIccProfile',
    label: 'ICC colour profile',
    isEnabled: (c) => c.hasIccProfile,
    perform: (c) => c.changeSettings({ iccColorProfileOn: !c.settings.iccColorProfileOn }),
  },
]);
