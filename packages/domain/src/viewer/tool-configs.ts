/**
 * Project tool configs (spec 2 §7 "Other", spec 3 §7 "Settings and configuration"): per project, the
 * settings the viewer's tool panels start from, one JSON object per config id. Every id has a strict,
 * bounded schema and a default the server answers while nothing is stored, so a project never needs
 * configuring before its viewer works (spec 3 §7: "Falls back to defaults when project settings are
 * empty").
 */
import { z } from 'zod';

/** The config ids, exactly (spec 2 §7: cell marker panel, SAM panel, multi-view general). */
export const TOOL_CONFIG_IDS = ['cellMarkerPanel', 'samPanel', 'multiViewGeneral'] as const;
export type ToolConfigId = (typeof TOOL_CONFIG_IDS)[number];

export const isToolConfigId = (value: string): value is ToolConfigId =>
  (TOOL_CONFIG_IDS as readonly string[]).includes(value);

export const TOOL_CONFIG_MESSAGES = {
  notFound: (configId: string) =>
    `There is no tool config ${configId}; the config ids are ${TOOL_CONFIG_IDS.join(', ')}`,
  hotkey: 'A shortcut is a single letter or digit',
  hotkeyTaken: (key: string) => `The key ${key} is mapped more than once`,
  shortcutTarget: 'A shortcut belongs to a rating, a ranking or an annotation class id',
} as const;

/** Spec 2 §5 "Hotkeys": a single key matching a letter or digit. */
const hotkey = z.string().regex(/^[A-Za-z0-9]$/, TOOL_CONFIG_MESSAGES.hotkey);

/** Spec 2 §5: a key bound to one mode or class only (assigning it elsewhere takes it away first). */
function refineUniqueKeys(shortcuts: Record<string, string | undefined>, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const [target, key] of Object.entries(shortcuts)) {
    if (key === undefined) continue;
    const folded = key.toLowerCase();
    if (seen.has(folded))
      ctx.addIssue({ code: 'custom', path: [target], message: TOOL_CONFIG_MESSAGES.hotkeyTaken(key) });
    seen.add(folded);
  }
}

/** Spec 2 §3 "Cell marker values" and §9: the cell marker size slider, 3 to 30, default 5. */
export const CELL_MARKER_SIZE = { min: 3, max: 30, default: 5 } as const;

/**
 * What a CMA shortcut selects: a rating, a ranking, or an annotation class by id ("mode-or-classId to
 * key", spec 2 §3). Keys start with a letter or digit, so no key of this record can be __proto__.
 */
const shortcutTarget = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9+_.-]{0,63}$/, TOOL_CONFIG_MESSAGES.shortcutTarget);

/** At most this many CMA shortcuts: the 36 letters and digits, each bound once. */
const CELL_MARKER_SHORTCUTS_MAX = 36;

export const cellMarkerPanelConfigSchema = z
  .object({
    cellMarkerSize: z.number().int().min(CELL_MARKER_SIZE.min).max(CELL_MARKER_SIZE.max),
    mappedShortcuts: z
      .record(shortcutTarget, hotkey)
      .refine((r) => Object.keys(r).length <= CELL_MARKER_SHORTCUTS_MAX, {
        message: `At most ${CELL_MARKER_SHORTCUTS_MAX} shortcuts`,
      })
      .superRefine(refineUniqueKeys),
  })
  .strict();

/** Spec 2 §4 "Assisted segmentation": the modes add mask, remove mask and draw box. */
export const samPanelConfigSchema = z
  .object({
    mappedShortcuts: z
      .object({ add: hotkey.optional(), remove: hotkey.optional(), box: hotkey.optional() })
      .strict()
      .superRefine(refineUniqueKeys),
  })
  .strict();

/** Spec 2 §3 "Global view settings" and §4 "Sync", shared by the slides of a multi-view. */
export const multiViewGeneralConfigSchema = z
  .object({
    pixelPerfectModeOn: z.boolean(),
    annotationLabelsVisible: z.boolean(),
    compareSyncOn: z.boolean(),
  })
  .strict();

export const TOOL_CONFIG_SCHEMAS = {
  cellMarkerPanel: cellMarkerPanelConfigSchema,
  samPanel: samPanelConfigSchema,
  multiViewGeneral: multiViewGeneralConfigSchema,
} as const satisfies Record<ToolConfigId, z.ZodType>;

export type ToolConfig<Id extends ToolConfigId = ToolConfigId> = z.infer<(typeof TOOL_CONFIG_SCHEMAS)[Id]>;

/**
 * The defaults (spec 2 §2 "Keyboard shortcuts" and §9): cell markers q positive, w negative, e uncertain,
 * a 0, s 1+, d 2+, f 3+, size 5; SAM q add mask, w remove mask, e draw box; pixel-perfect mode off (it
 * costs smooth zooming), labels shown (spec 2 §3: "default true"), the compared slides kept in sync.
 */
export const DEFAULT_TOOL_CONFIGS: { [Id in ToolConfigId]: ToolConfig<Id> } = {
  cellMarkerPanel: {
    cellMarkerSize: CELL_MARKER_SIZE.default,
    mappedShortcuts: {
      positive: 'q',
      negative: 'w',
      uncertain: 'e',
      '0': 'a',
      '1+': 's',
      '2+': 'd',
      '3+': 'f',
    },
  },
  samPanel: { mappedShortcuts: { add: 'q', remove: 'w', box: 'e' } },
  multiViewGeneral: { pixelPerfectModeOn: false, annotationLabelsVisible: true, compareSyncOn: true },
};

/** Any config of any id, for a contract that serves all ids through one path. */
export const toolConfigSchema = z.union([
  cellMarkerPanelConfigSchema,
  samPanelConfigSchema,
  multiViewGeneralConfigSchema,
]);

/**
 * A stored config as it is answered: checked against today's schema, so a config stored under an older
 * schema (or damaged) answers the default instead of an error the viewer cannot get past.
 */
export function toolConfigOrDefault<Id extends ToolConfigId>(configId: Id, stored: unknown): ToolConfig<Id> {
  const parsed = TOOL_CONFIG_SCHEMAS[configId].safeParse(stored);
  return parsed.success ? (parsed.data as ToolConfig<Id>) : DEFAULT_TOOL_CONFIGS[configId];
}
