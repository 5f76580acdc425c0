import { z } from 'zod';
import { EQUALIZATION_PRESET_SOURCES, equalizationPresetSchema } from '@tessera/domain';
import { defineRoute, projectPermission } from './route.ts';
import { Id } from './projects.contract.ts';

const SlideParams = z.object({ projectId: Id, slideId: Id });

/** Spec 3 §3: type Linear, channels each with enabled, color, range; minLimit, maxLimit and name per channel. */
export const EqualizationPreset = equalizationPresetSchema.meta({ id: 'EqualizationPreset' });
export type EqualizationPreset = z.infer<typeof EqualizationPreset>;

/** Where the effective preset came from: saved for the caller, for the project, as default, or computed from the channels. */
export const PRESET_SOURCES = EQUALIZATION_PRESET_SOURCES;
export type PresetSource = (typeof PRESET_SOURCES)[number];

export const EffectivePreset = z
  .object({
    preset: EqualizationPreset,
    source: z.enum(PRESET_SOURCES),
    /** Whether a default preset is saved for the slide (reset is refused with a warning otherwise, spec 3 §8). */
    hasDefaultPreset: z.boolean(),
  })
  .meta({ id: 'EffectivePreset' });
export type EffectivePreset = z.infer<typeof EffectivePreset>;

/** At most this many slides per save or reset (the filtered list of one project page, with room). */
export const EQUALIZATION_SLIDES_MAX = 1000;
const SlideIds = z.array(Id).max(EQUALIZATION_SLIDES_MAX);

/**
 * The effective preset of a slide (spec 3 §4): the caller's, else the project's, else the default, else
 * one computed from the slide's channels. A slide without channels to equalize answers 404
 * EQUALIZATION_PRESET_NOT_FOUND, which the viewer takes silently (spec 3 §8).
 */
export const getPreset = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/slides/:slideId/equalization',
  summary: "A slide's effective equalization preset",
  tags: ['equalization'],
  access: projectPermission(null),
  params: SlideParams,
  response: EffectivePreset,
});

/**
 * Create or update (spec 3 §3–§4): the saved payload slideIds, preset, and useUserId (for me) or isDefault
 * (as default); neither saves for the whole project. The preset is saved on this slide and on every slide
 * of slideIds ("apply to all": the filtered slides with the same assay info); all or nothing. Saving for
 * the project or as default needs equalizationManage (403 EQUALIZATION_MANAGE_REQUIRED).
 */
export const savePreset = defineRoute({
  method: 'PUT',
  path: '/v1/projects/:projectId/slides/:slideId/equalization',
  summary: 'Save an equalization preset for me, for the project or as default, on one or more slides',
  tags: ['equalization'],
  access: projectPermission(null),
  params: SlideParams,
  body: z
    .object({
      slideIds: SlideIds.optional(),
      preset: EqualizationPreset,
      useUserId: Id.optional(),
      isDefault: z.boolean().optional(),
    })
    .strict(),
  response: z.object({ message: z.string(), slideIds: z.array(Id), preset: EqualizationPreset }),
});

/**
 * Reset to default (spec 3 §4): removes the caller's presets (useUserId) or the project's (no useUserId,
 * needs equalizationManage) on this slide and on slideIds. 404 EQUALIZATION_PRESET_NOT_FOUND when none of
 * the slides had one; the viewer ignores that code on reset (spec 3 §8).
 */
export const resetPreset = defineRoute({
  method: 'DELETE',
  path: '/v1/projects/:projectId/slides/:slideId/equalization',
  summary: 'Reset equalization presets to the default',
  tags: ['equalization'],
  access: projectPermission(null),
  params: SlideParams,
  body: z.object({ slideIds: SlideIds.optional(), useUserId: Id.optional() }).strict(),
  response: z.object({ message: z.string(), slideIds: z.array(Id) }),
});
