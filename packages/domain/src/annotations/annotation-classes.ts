/**
 * Annotation classes (spec 2 §3 "Annotation class"): a project's classes, freehand (region annotations)
 * or cell-marker; the special classes FOV (field of view) and IM (excluded from the geometry checks);
 * a feature of a class the project does not know is drawn as the default class.
 */
import { z } from 'zod';

export const ANNOTATION_CLASS_TYPES = ['freehand', 'cma'] as const;
export type AnnotationClassType = (typeof ANNOTATION_CLASS_TYPES)[number];

/**
 * The class ids the spec gives a meaning (spec 2 §3, §4; spec 3 §9 'Excl'; the ROI detection classes of
 * spec 3 §2, whose annotations carry metadata like an ROI's: annotation-metadata.ts).
 */
export const SPECIAL_CLASS_IDS = {
  fov: 'FOV',
  roi: 'ROI',
  im: 'IM',
  exclusion: 'Excl',
  roiCorrectDetection: 'ROI correct detection',
  roiIncorrectDetection: 'ROI incorrect detection',
} as const;

/** What a feature of an unknown class is shown as. */
export const DEFAULT_ANNOTATION_CLASS = {
  classId: 'Default',
  name: 'Default',
  color: '#ffcc00',
  type: 'freehand',
} as const satisfies AnnotationClass;

export const annotationClassIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _.+-]*$/, 'A class id is letters, digits, space, _ . + or -');

export const annotationClassSchema = z.object({
  classId: annotationClassIdSchema,
  name: z
    .string()
    .trim()
    .min(1)
    .max(128)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'A class name cannot hold control characters'),
  color: z.string().regex(/^#[0-9a-f]{6}$/i, 'A colour is #rrggbb'),
  type: z.enum(ANNOTATION_CLASS_TYPES),
});
export type AnnotationClass = z.infer<typeof annotationClassSchema>;

/** The classes a project starts with: FOV and ROI (spec 3 §5 rules), tumour and stroma, and the cell ratings. */
export const DEFAULT_PROJECT_CLASSES: readonly AnnotationClass[] = [
  { classId: SPECIAL_CLASS_IDS.fov, name: 'Field of view', color: '#00a0ff', type: 'freehand' },
  { classId: SPECIAL_CLASS_IDS.roi, name: 'Region of interest', color: '#2e7d32', type: 'freehand' },
  { classId: 'Tumor', name: 'Tumor', color: '#d32f2f', type: 'freehand' },
  { classId: 'Stroma', name: 'Stroma', color: '#7b1fa2', type: 'freehand' },
  { classId: SPECIAL_CLASS_IDS.exclusion, name: 'Exclusion', color: '#616161', type: 'freehand' },
  { classId: 'Tumor cell', name: 'Tumor cell', color: '#e53935', type: 'cma' },
  { classId: 'Immune cell', name: 'Immune cell', color: '#1e88e5', type: 'cma' },
  { classId: 'Other cell', name: 'Other cell', color: '#fdd835', type: 'cma' },
];

/** The class a feature is drawn as: its own when the project has it, else the default (spec 2 §3). */
export function classOf(classes: ReadonlyMap<string, AnnotationClass>, classId: string): AnnotationClass {
  return classes.get(classId) ?? DEFAULT_ANNOTATION_CLASS;
}

/** How the class editor names a class type. */
export const ANNOTATION_CLASS_TYPE_LABELS: Record<AnnotationClassType, string> = {
  freehand: 'Region annotation',
  cma: 'Cell marker',
};

/** The most classes a project keeps. */
export const MAX_ANNOTATION_CLASSES = 200;

/**
 * What is wrong with a whole class list, or null: it is not empty, not too long, and names each class id
 * once (annotations refer to classes by id). Each class's own fields are annotationClassSchema's.
 */
export function classListProblem(classes: readonly { classId: string }[]): string | null {
  if (classes.length === 0) return 'Keep at least one class';
  if (classes.length > MAX_ANNOTATION_CLASSES)
    return `A project keeps at most ${MAX_ANNOTATION_CLASSES} classes`;
  const seen = new Set<string>();
  for (const { classId } of classes) {
    if (seen.has(classId)) return `The class id "${classId}" is used twice`;
    seen.add(classId);
  }
  return null;
}
