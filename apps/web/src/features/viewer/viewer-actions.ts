/**
 * The viewer's commands (spec 2 §2 control panel) as actions of one registry (actions/action.ts): the
 * toolbar and tests perform the same action, and the display tools, sync and annotation tools join it.
 */
import { MAGNIFICATIONS } from '@tessera/domain';
import { createActionRegistry, type Action } from '../../actions/action.ts';
import type { SlideMap } from '../../viewer/slide-map.ts';

export interface ViewerContext {
  /** The slide's map once its image is shown. */
  map: SlideMap | null;
  backToSlides(): void;
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
]);
