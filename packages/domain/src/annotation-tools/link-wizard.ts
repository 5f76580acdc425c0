/**
 * The link wizard (spec 2 §4 "Link wizard", §5 "Linking", §6, §8 "Linking"): the projects a set can show
 * in, each marked to link or unlink; toggling one back cancels its change, and Next waits for at least
 * one change. A project is not offered without access there, nor for linking where a set of the same
 * name already shows — the tooltips say which.
 */
import { ANNOTATION_SET_MESSAGES } from '../annotations/annotation-sets.ts';

export const LINK_WIZARD_TEXTS = {
  selectPage: 'Select Projects',
  linkPage: 'Link Set',
  noAccess: 'You have insufficient permission to link or unlink the set in this project',
  nameInUse: 'A set of the same name is already on this project’s slide',
} as const;

/** Spec 2 §8 "Linking", worded exactly. */
export const LINK_MESSAGES = {
  targetsFailed: (reason: string) => `Getting target projects failed: ${reason}`,
  linkingFailed: (reason: string) => `Project linking failed: ${reason}`,
  linkError: (project: string, reason: string) => `Error linking set to project ${project}: ${reason}`,
  unlinkError: (project: string, reason: string) => `Error unlinking set from project ${project}: ${reason}`,
  onlyLinkedProject: ANNOTATION_SET_MESSAGES.onlyLinkedProject,
} as const;

export interface LinkCandidate {
  projectId: string;
  hasAccess: boolean;
  isSetLinked: boolean;
  hasConflictingSetName: boolean;
}

/** Why a project cannot be marked, or null when it can. */
export function linkBlocker(candidate: LinkCandidate): string | null {
  if (!candidate.hasAccess) return LINK_WIZARD_TEXTS.noAccess;
  if (!candidate.isSetLinked && candidate.hasConflictingSetName) return LINK_WIZARD_TEXTS.nameInUse;
  return null;
}

/**
 * The pending changes after the user toggles `candidate` (project id → linked wanted): a project toggled
 * away from how it is gets a change, toggled back it has none.
 */
export function togglePending(
  pending: ReadonlyMap<string, boolean>,
  candidate: LinkCandidate,
): Map<string, boolean> {
  const next = new Map(pending);
  if (next.has(candidate.projectId)) next.delete(candidate.projectId);
  else next.set(candidate.projectId, !candidate.isSetLinked);
  return next;
}

/** Whether a project shows as linked now, counting its pending change. */
export const isLinkedAfter = (pending: ReadonlyMap<string, boolean>, candidate: LinkCandidate): boolean =>
  pending.get(candidate.projectId) ?? candidate.isSetLinked;
