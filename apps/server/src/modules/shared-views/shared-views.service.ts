/**
 * Shared filter views (spec 1 §2, §3, §7): a view of the slide metadata table saved under a hash that
 * the share link carries. The hash is over the content, so sharing the same view again gives the same
 * link and no new row, and a link names exactly one view of one project.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { sharedViews as contract, type SharedView } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { AppError, notFound } from '../../errors.ts';
import * as q from './shared-views.queries.ts';

export const SHARED_VIEW_ERROR_CODES = { unreadable: 'SHARED_VIEW_UNREADABLE' } as const;

type SharedViewType = z.infer<typeof contract.saveSharedView.body>['type'];
const StoredView = z.object({
  type: z.literal(contract.METADATA_FILTERS_CONFIG),
  value: contract.SharedView,
});

/**
 * JSON with the keys of every object sorted, so equal views give equal text whatever order their keys
 * came in (the grid builds filter models and column state in the order the user touched things).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

/** base64url of SHA-256 over the project, the type and the canonical value; 22 characters (132 bits). */
export function sharedViewHash(projectId: string, type: string, canonicalValue: string): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([projectId, type, canonicalValue]))
    .digest('base64url')
    .slice(0, 22);
}

export async function saveSharedView(
  ctx: AppContext,
  actor: Actor,
  project: ProjectScope,
  input: { type: SharedViewType; value: SharedView },
) {
  // The contract read an older filter form as lists: a view sent in it is the same view, with the same link.
  const value = canonicalJson(input.value);
  const hash = sharedViewHash(project.id, input.type, value);
  await q.insertSharedView(ctx.db, {
    hash,
    projectId: project.id,
    type: input.type,
    value,
    createdBy: actor.userId,
  });
  return { hash };
}

export async function getSharedView(ctx: AppContext, project: ProjectScope, hash: string) {
  const row = await q.findSharedView(ctx.db, project.id, hash);
  if (!row) throw notFound(`There is no shared view '${hash}' in this project`);
  // Rows written before this server (or by hand) are checked here, so a bad one is a clear 422, not a 500.
  const stored = StoredView.safeParse({ type: row.type, value: parseJson(row.value) });
  if (!stored.success)
    throw new AppError(
      422,
      SHARED_VIEW_ERROR_CODES.unreadable,
      `The shared view '${hash}' is stored in a form that cannot be restored`,
    );
  return { type: stored.data.type, value: stored.data.value };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
