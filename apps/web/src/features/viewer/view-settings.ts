/**
 * The global view settings of spec 2 §3 — pixel smoothing, the ICC colour profile, and the annotations'
 * fill, fill opacity and labels — remembered in this browser for every slide and tab. Whether a viewer
 * shows annotations at all is its own (kept with its tab, viewer-layout.ts).
 */
import { z } from 'zod';
import { ANNOTATION_FILL_OPACITY, annotationFillOpacityOf } from '@tessera/domain';

const KEY = 'tessera.viewSettings';

const ViewSettings = z.object({
  /** Spec 2 §9: the slide layer is not interpolated when on (pixel smoothing off). */
  pixelPerfectModeOn: z.boolean().catch(false),
  /** Tiles converted through the slide's ICC profile to sRGB, for slides that carry one. */
  iccColorProfileOn: z.boolean().catch(false),
  /** Region annotations are filled (spec 2 §9: default on). */
  annotationFillEnabled: z.boolean().catch(true),
  /** The fill's opacity, 0–100 (spec 2 §9: default 50). */
  annotationFillOpacity: z.number().catch(ANNOTATION_FILL_OPACITY.default).transform(annotationFillOpacityOf),
  /** Annotation labels are shown (spec 2 §3: default true). */
  annotationLabelsVisible: z.boolean().catch(true),
});
export type ViewSettings = z.infer<typeof ViewSettings>;

export const DEFAULT_VIEW_SETTINGS: ViewSettings = {
  pixelPerfectModeOn: false,
  iccColorProfileOn: false,
  annotationFillEnabled: true,
  annotationFillOpacity: ANNOTATION_FILL_OPACITY.default,
  annotationLabelsVisible: true,
};

/** The remembered settings; anything unreadable (another version's, edited by hand) falls back field by field. */
export function loadViewSettings(storage: Pick<Storage, 'getItem'> = localStorage): ViewSettings {
  try {
    const parsed = ViewSettings.safeParse(JSON.parse(storage.getItem(KEY) ?? '{}'));
    return parsed.success ? parsed.data : DEFAULT_VIEW_SETTINGS;
  } catch {
    return DEFAULT_VIEW_SETTINGS;
  }
}

export function saveViewSettings(
  settings: ViewSettings,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Storage full or disabled: the settings hold for this page only.
  }
}
