/**
 * What may be done to which annotations (spec 2 §4 "Drawing", "Annotation edit operations", §6; spec 3
 * §4 "Annotation operations", §5 "Annotation actions") and the messages of spec 2 §8 "Editing", worded
 * exactly. The server refuses by the same rules; the viewer mirrors them before it asks.
 */
import { SPECIAL_CLASS_IDS } from '../annotations/annotation-classes.ts';
import { ANNOTATION_SET_MESSAGES } from '../annotations/annotation-sets.ts';

export const EDIT_MESSAGES = {
  deletionFailed: 'Deletion failed. Reload annotation set to get actual state.',
  creationFailed: 'Creation failed. Reload annotation set to get actual state.',
  updateClassFailed: 'Update class failed. Reload annotation set to get actual state.',
  updateGeometryFailed: 'Update geometry failed. Restored the last valid annotation state.',
  lockFailed: 'Annotation lock update failed, please try again!',
  deleteLocked: ANNOTATION_SET_MESSAGES.locked,
  confirmDeleteFovRoi: ANNOTATION_SET_MESSAGES.fovRoiConfirmation,
  cantUnlockFov: "Can't unlock FOV",
} as const;

export interface EditedAnnotation {
  classId: string;
  isLocked: boolean;
}

export const isFovOrRoi = (a: { classId: string }): boolean =>
  a.classId === SPECIAL_CLASS_IDS.fov || a.classId === SPECIAL_CLASS_IDS.roi;

/**
 * Spec 2 §4: deleting locked annotations that are not FOV or ROI is refused; a selection holding an FOV
 * or ROI asks first. Answers what stands in the way, or null when the delete may go ahead.
 */
export function deletionCheck(
  selected: readonly EditedAnnotation[],
  isConfirmed: boolean,
): 'locked' | 'confirm' | null {
  if (selected.some((a) => a.isLocked && !isFovOrRoi(a))) return 'locked';
  if (!isConfirmed && selected.some(isFovOrRoi)) return 'confirm';
  return null;
}

/** Spec 3 §4: Lock when one selected is unlocked, Unlock when one is locked. */
export const lockOffer = (selected: readonly EditedAnnotation[]) => ({
  canLock: selected.some((a) => !a.isLocked),
  canUnlock: selected.some((a) => a.isLocked),
});

/**
 * Spec 2 §4, §6: locked annotations are not edited or moved; an FOV-class one only while the FOV class
 * is the active one; rulers are not moved.
 */
export function canEditGeometry(
  annotation: EditedAnnotation & { isRuler?: boolean },
  how: { activeClassId: string | null; isMove: boolean },
): boolean {
  if (annotation.isLocked) return false;
  if (how.isMove) return !annotation.isRuler;
  return annotation.classId !== SPECIAL_CLASS_IDS.fov || how.activeClassId === SPECIAL_CLASS_IDS.fov;
}

/**
 * Spec 3 §5 "Set Class": not with an FOV or a locked annotation selected, nothing selected, a version
 * viewed, or a mode other than Selection or None. (The FOV class is not among the classes offered.)
 */
export function canSetClass(
  selected: readonly EditedAnnotation[],
  state: { isVersionViewed: boolean; mode: string },
): boolean {
  if (selected.length === 0 || state.isVersionViewed) return false;
  if (state.mode !== 'Selection' && state.mode !== 'None') return false;
  return !selected.some((a) => a.isLocked || a.classId === SPECIAL_CLASS_IDS.fov);
}

/** Spec 2 §4 "Invalid annotations": what Fix Annotations reports — fixed, new and deleted features. */
export function repairReport(fixed: number, created: number, deleted: number): string {
  if (fixed + created + deleted === 0) return 'No invalid annotations to fix';
  return `Annotations fixed: ${fixed}, new: ${created}, deleted: ${deleted}`;
}

/** The fix annotations confirmation (spec 2 §2 dialogs). */
export const FIX_ANNOTATIONS_CONFIRMATION =
  "Fix this set's invalid annotations? Outlines that cross themselves or are left open are repaired " +
  '(a shape that falls apart becomes several annotations); rings too small to keep are deleted. Locked ' +
  'annotations are left as they are.';
