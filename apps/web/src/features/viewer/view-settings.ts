/**
 * The global view settings of spec 2 §3 that this viewer applies so far — pixelPerfectModeOn and
 * iccColorProfileOn — remembered in this browser for every slide. The annotation display settings of the
 * same list (fill, opacity, labels) join them with the annotation layers.
 */
import { z } from 'zod';

const KEY = 'tessera.viewSettings';

const ViewSettings = z.object({
  /** Spec 2 §9: the slide layer is not interpolated when on (pixel smoothing off). */
  pixelPerfectModeOn: z.boolean().catch(false),
  /** Tiles converted through the slide's ICC profile to sRGB, for slides that carry one. */
  iccColorProfileOn: z.boolean().catch(false),
});
export type ViewSettings = z.infer<typeof ViewSettings>;

export const DEFAULT_VIEW_SETTINGS: ViewSettings = { pixelPerfectModeOn: false, iccColorProfileOn: false };

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
