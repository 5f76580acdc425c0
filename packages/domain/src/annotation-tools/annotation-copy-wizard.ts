/**
 * The annotation-copy wizard (spec 2 §4 "Annotation-copy wizard", §5 "Copy wizard warnings", §8 "Copy";
 * the set menu's Bulk Copy...): 1 Source Slides, 2 Select Classes, 3 Target Slides, 4 Target Set (Next
 * labelled Start Copy), 5 Copy Annotations (Finish). Annotations are copied only between slides of one
 * block. What holds Next back on each page, and the words of its warnings, are here.
 */
import { annotationSetNameSchema } from '../annotations/annotation-sets.ts';

export const ANNOTATION_COPY_PAGES = [
  'Source Slides',
  'Select Classes',
  'Target Slides',
  'Target Set',
  'Copy Annotations',
] as const;

export const ANNOTATION_COPY_TEXTS = {
  title: 'Copy annotations',
  startCopy: 'Start Copy',
  selectExistingName: 'Please select an existing annotation set name from the dropdown',
  enterName: 'Please enter an annotation set name',
  available: (n: number, m: number) => `${n} out of ${m} target slides will be available for copy`,
  failed: (n: number, block: string) => `Failed to copy annotations to ${n} slides in ${block}!`,
} as const;

export interface AnnotationCopyState {
  page: number;
  sourceSlideIds: readonly string[];
  /** Only the chosen classes are copied (else all). */
  isClassFilter: boolean;
  classIds: readonly string[];
  targetSlideIds: readonly string[];
  setName: string;
  /** Copy only to target slides that have a set of that name already. */
  skipCopyIfTargetSetMissing: boolean;
  /** Of the target slides, those that have a set named setName now. */
  targetsWithSet: number;
  /** The copy has ended (the last page). */
  isDone: boolean;
}

/** The warning of the Target Set page, or null. */
export function targetSetWarning(state: AnnotationCopyState): string | null {
  if (state.setName.trim() === '') return ANNOTATION_COPY_TEXTS.enterName;
  const checked = annotationSetNameSchema.safeParse(state.setName);
  if (!checked.success) return checked.error.issues[0]?.message ?? ANNOTATION_COPY_TEXTS.enterName;
  if (state.skipCopyIfTargetSetMissing && state.targetsWithSet === 0)
    return ANNOTATION_COPY_TEXTS.selectExistingName;
  return null;
}

/** Spec 2 §4: whether Next (Start Copy, Finish) can be pressed on the state's page. */
export function canGoNext(state: AnnotationCopyState): boolean {
  switch (state.page) {
    case 0:
      return state.sourceSlideIds.length > 0;
    case 1:
      return !state.isClassFilter || state.classIds.length > 0;
    case 2:
      return state.targetSlideIds.length > 0;
    case 3:
      return targetSetWarning(state) === null;
    default:
      return state.isDone;
  }
}
