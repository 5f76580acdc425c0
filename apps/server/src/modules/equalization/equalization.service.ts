/**
 * Equalization presets (spec 3 §3–§4, §6, §8): the effective preset of a slide (the caller's, else the
 * project's, else the default, else one computed from the channels), saving for me, for the project or as
 * default on one slide or all filtered slides at once, and reset to default. Rules come from @tessera/domain.
 */
import {
  canSaveEqualization,
  channelLimits,
  clampRange,
  defaultEqualizationPreset,
  EQUALIZATION_PRESET_NOT_FOUND,
  equalizationPresetSchema,
  equalizationSuccessMessage,
  isChannelAvailable,
  scopeOfSaveBody,
  type EqualizationChannelInfo,
  type EqualizationPreset,
  type EqualizationScope,
} from '@tessera/domain';
import type { equalization as contract, RoutePart } from '@tessera/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { AppError, badRequest } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { ensureChannelStatistics, storedChannelStatistics } from '../imaging/channel-statistics.ts';
import { SLIDE_ERROR_CODES, SLIDE_MESSAGES } from '../slides/slides.service.ts';
import * as q from './equalization.queries.ts';

export const EQUALIZATION_ERROR_CODES = {
  presetNotFound: EQUALIZATION_PRESET_NOT_FOUND,
  manageRequired: 'EQUALIZATION_MANAGE_REQUIRED',
  channelsMismatch: 'EQUALIZATION_CHANNELS_MISMATCH',
} as const;

/** The server's reasons; the viewer wraps them in 'Equalization update failed: {reason}' (spec 3 §8). */
export const EQUALIZATION_SERVER_MESSAGES = {
  presetNotFound: 'No equalization preset has been found for this slide',
  manageRequired: 'Saving for the entire project or as default needs the equalizationManage permission',
  notYourUserId: 'useUserId must be your own user id',
  meOrDefault: 'Save either for me (useUserId) or as default (isDefault), not both',
  channelsMismatch: (slideId: string, given: number, count: number) =>
    `The preset has ${given} channels but slide ${slideId} has ${count}`,
} as const;

export type PresetSource = 'user' | 'project' | 'default' | 'computed';
export interface EffectivePreset {
  preset: EqualizationPreset;
  source: PresetSource;
  hasDefaultPreset: boolean;
}

/** Domain scope → stored scope ('me' is stored as 'user', with the user's id). */
const STORED: Record<EqualizationScope, q.StoredScope> = {
  me: 'user',
  project: 'project',
  default: 'default',
};

const StoredChannels = z.object({
  kind: z.enum(['brightfield', 'fluorescence']),
  channels: z.array(
    z.object({
      name: z.string(),
      color: z.object({ r: z.number(), g: z.number(), b: z.number() }).nullable(),
      sampleType: z.string().nullable(),
    }),
  ),
});

/**
 * What the equalization rules need of each channel of a slide, from the image info stored at registration:
 * min and max are the channel's display range (channel statistics), so the computed default preset shows
 * the signal instead of the type's whole range (spec 3 §3, §5). Brightfield slides have no channels to
 * equalize (their RGB is shown as scanned), nor does damaged info.
 */
function channelInfos(slide: q.SlideChannelsRow, imageInfo = slide.image_info): EqualizationChannelInfo[] {
  let json: unknown;
  try {
    json = JSON.parse(imageInfo);
  } catch {
    return [];
  }
  const parsed = StoredChannels.safeParse(json);
  if (!parsed.success || parsed.data.kind !== 'fluorescence') return [];
  const isConverted = slide.conversion_status === 'Converted';
  const statistics = storedChannelStatistics(imageInfo);
  return parsed.data.channels.map((c, i) => {
    const type = c.sampleType ?? 'unknown';
    return {
      name: c.name,
      type,
      min: statistics?.[i]?.low ?? null,
      max: statistics?.[i]?.high ?? null,
      color: c.color ? ([c.color.r, c.color.g, c.color.b] as const) : null,
      isAvailable: isChannelAvailable({ format: slide.format, isConverted }, type),
    };
  });
}

function parseStoragePaths(text: string): string[] {
  try {
    const paths: unknown = JSON.parse(text);
    return Array.isArray(paths) ? paths.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

function parseStored(text: string): EqualizationPreset | null {
  try {
    const parsed = equalizationPresetSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The preset fitted to a slide: one entry per channel, ranges clamped to the channel's limits (spec 3 §5). */
function fitToSlide(
  preset: EqualizationPreset,
  slideId: string,
  channels: readonly EqualizationChannelInfo[],
): EqualizationPreset {
  if (preset.channels.length !== channels.length) {
    throw new AppError(
      400,
      EQUALIZATION_ERROR_CODES.channelsMismatch,
      EQUALIZATION_SERVER_MESSAGES.channelsMismatch(slideId, preset.channels.length, channels.length),
    );
  }
  return {
    type: preset.type,
    channels: preset.channels.map((channel, index) => {
      const info = channels[index]!;
      const limits = channelLimits(info);
      const range = clampRange({ min: channel.range.minimum, max: channel.range.maximum }, limits);
      return { ...channel, name: info.name, range: { minimum: range.min, maximum: range.max }, ...limits };
    }),
  };
}

/**
 * The preset a slide shows to a user (spec 3 §4): theirs, else the project's, else the default, else one
 * computed from the channels; null when the slide does not exist or has nothing to equalize. The caller has
 * checked the project. Exported for the tile service, which today composites with the computed default.
 */
export async function findEffectivePreset(
  ctx: AppContext,
  slideId: string,
  userId: string,
): Promise<EffectivePreset | null> {
  const slide = await q.findSlideChannels(ctx.db, slideId);
  if (!slide) return null;
  const rows = await q.findPresetsFor(ctx.db, slideId, userId);
  const saved = (scope: q.StoredScope) => {
    const row = rows.find((r) => r.scope === scope && (scope !== 'user' || r.user_id === userId));
    return row ? parseStored(row.preset) : null;
  };
  const defaultPreset = saved('default');
  const hasDefaultPreset = defaultPreset !== null;
  for (const source of ['user', 'project', 'default'] as const) {
    const preset = source === 'default' ? defaultPreset : saved(source);
    if (preset) return { preset, source, hasDefaultPreset };
  }
  // Images registered before channel statistics were kept get them now, once.
  const imageInfo = await ensureChannelStatistics(ctx, {
    id: slide.image_id,
    imageInfo: slide.image_info,
    storagePaths: parseStoragePaths(slide.storage_paths),
  });
  const channels = channelInfos(slide, imageInfo);
  if (channels.length === 0) return null;
  return { preset: defaultEqualizationPreset(channels), source: 'computed', hasDefaultPreset };
}

async function requireSlide(ctx: AppContext, project: ProjectScope, slideId: string): Promise<void> {
  const [slide] = await q.findProjectSlides(ctx.db, project.id, [slideId]);
  if (!slide) throw new AppError(404, SLIDE_ERROR_CODES.notFound, SLIDE_MESSAGES.notFound(slideId));
}

export async function getEffectivePreset(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  slideId: string,
): Promise<EffectivePreset> {
  await requireSlide(ctx, project, slideId);
  const found = await findEffectivePreset(ctx, slideId, actor.userId);
  if (!found)
    throw new AppError(
      404,
      EQUALIZATION_ERROR_CODES.presetNotFound,
      EQUALIZATION_SERVER_MESSAGES.presetNotFound,
    );
  return found;
}

/** This slide first, then the others of slideIds ('apply to all' skips the current one), each once. */
function targetIds(slideId: string, slideIds: readonly string[] | undefined): string[] {
  return [...new Set([slideId, ...(slideIds ?? [])])];
}

/** The slides, all in the project, or 404 naming the first that is not (nothing is written then). */
async function projectSlides(
  ctx: AppContext,
  project: ProjectScope,
  ids: readonly string[],
): Promise<Map<string, q.SlideChannelsRow>> {
  const found = new Map((await q.findProjectSlides(ctx.db, project.id, ids)).map((s) => [s.id, s]));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw new AppError(404, SLIDE_ERROR_CODES.notFound, SLIDE_MESSAGES.notFound(missing));
  return found;
}

function requireScope(scope: EqualizationScope, project: ProjectScope): void {
  if (!canSaveEqualization(scope, project.permissions)) {
    throw new AppError(
      403,
      EQUALIZATION_ERROR_CODES.manageRequired,
      EQUALIZATION_SERVER_MESSAGES.manageRequired,
    );
  }
}

function scopeFor(actor: Actor, body: { useUserId?: string; isDefault?: boolean }): EqualizationScope {
  if (body.useUserId !== undefined && body.useUserId !== actor.userId)
    throw badRequest(EQUALIZATION_SERVER_MESSAGES.notYourUserId);
  if (body.useUserId !== undefined && body.isDefault)
    throw badRequest(EQUALIZATION_SERVER_MESSAGES.meOrDefault);
  return scopeOfSaveBody(body);
}

/** Counts in the success message only when applied to other slides too (spec 3 §4). */
const appliedCount = (slideIds: readonly string[] | undefined, targets: readonly string[]) =>
  slideIds === undefined ? undefined : targets.length;

type SaveBody = RoutePart<typeof contract.savePreset, 'body'>;
type ResetBody = RoutePart<typeof contract.resetPreset, 'body'>;

export async function savePreset(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  slideId: string,
  body: SaveBody,
) {
  const scope = scopeFor(actor, body);
  requireScope(scope, project);
  const targets = targetIds(slideId, body.slideIds);
  const slides = await projectSlides(ctx, project, targets);
  // Fit to every slide before writing, so a slide whose channels do not match writes nothing at all.
  const fitted = targets.map((id) => ({
    id,
    preset: fitToSlide(body.preset, id, channelInfos(slides.get(id)!)),
  }));
  const now = nowIso();
  await ctx.db.transaction().execute(async (tx) => {
    for (const { id, preset } of fitted) {
      await q.upsertPreset(tx, {
        id: newId(),
        projectId: project.id,
        slideId: id,
        scope: STORED[scope],
        userId: scope === 'me' ? actor.userId : null,
        preset: JSON.stringify(preset),
        updatedBy: actor.userId,
        now,
      });
    }
  });
  return {
    message: equalizationSuccessMessage('save', appliedCount(body.slideIds, targets)),
    slideIds: targets,
    preset: fitted[0]!.preset,
  };
}

/**
 * Reset to default (spec 3 §4): removes the caller's presets (useUserId) or the project's (equalizationManage)
 * so the default shows again. Default presets stay: reset is to them. 404 EQUALIZATION_PRESET_NOT_FOUND when
 * none of the slides had one to remove (the viewer ignores that code on reset, spec 3 §8).
 */
export async function resetPresets(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  slideId: string,
  body: ResetBody,
) {
  const scope = scopeFor(actor, body);
  requireScope(scope, project);
  const targets = targetIds(slideId, body.slideIds);
  await projectSlides(ctx, project, targets);
  const reset = await ctx.db
    .transaction()
    .execute((tx) => q.deletePresets(tx, targets, STORED[scope], scope === 'me' ? actor.userId : null));
  if (reset.length === 0)
    throw new AppError(
      404,
      EQUALIZATION_ERROR_CODES.presetNotFound,
      EQUALIZATION_SERVER_MESSAGES.presetNotFound,
    );
  const resetIds = targets.filter((id) => reset.includes(id));
  return {
    message: equalizationSuccessMessage('reset', appliedCount(body.slideIds, resetIds)),
    slideIds: resetIds,
  };
}
