/**
 * Annotation metadata (spec 2 §5 "Annotation metadata", spec 3 §2 "Annotation metadata grid", §5 "Edit
 * Metadata"): two fields an annotation may carry, FOV placement delivery and FOV class, editable only on
 * annotations of the FOV, ROI and ROI correct/incorrect detection classes. A field's default is empty
 * (null): clearing it (the grid's Delete key, the dialog's clear button) sets that. The spec names no
 * vocabulary for either field, so they hold free text of one line.
 */
import { z } from 'zod';
import { SPECIAL_CLASS_IDS } from './annotation-classes.ts';
import { hasControlCharacters, TEXT_MESSAGES } from '../text.ts';

export const ANNOTATION_METADATA_FIELDS = [
  { fieldName: 'fovPlacementDelivery', headerName: 'FOV Placement Delivery' },
  { fieldName: 'fovClass', headerName: 'FOV Class' },
] as const;
export type AnnotationMetadataField = (typeof ANNOTATION_METADATA_FIELDS)[number]['fieldName'];

/** An annotation's metadata: every field, null where it holds its default. */
export type AnnotationMetadata = Record<AnnotationMetadataField, string | null>;

/** The classes whose annotations' metadata can be edited. */
export const METADATA_CLASS_IDS: readonly string[] = [
  SPECIAL_CLASS_IDS.fov,
  SPECIAL_CLASS_IDS.roi,
  SPECIAL_CLASS_IDS.roiCorrectDetection,
  SPECIAL_CLASS_IDS.roiIncorrectDetection,
];

export const hasEditableMetadata = (classId: string): boolean => METADATA_CLASS_IDS.includes(classId);

export const ANNOTATION_METADATA_MESSAGES = {
  notEditable: 'Metadata can be edited only on FOV, ROI and ROI correct/incorrect detection annotations.',
} as const;

/** The longest value a field keeps. */
export const MAX_METADATA_VALUE_LENGTH = 256;

/** A value as sent: text of one line (trimmed; empty clears the field), or null to clear it. */
const metadataValueSchema = z
  .string()
  .trim()
  .max(MAX_METADATA_VALUE_LENGTH)
  .refine((text) => !hasControlCharacters(text) && !/[\r\n\t]/.test(text), TEXT_MESSAGES.controlCharacters)
  .transform((text) => (text === '' ? null : text))
  .nullable();

/** A change of metadata: the fields named are set, the others kept. */
export const annotationMetadataChangeSchema = z
  .object({ fovPlacementDelivery: metadataValueSchema, fovClass: metadataValueSchema })
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0, 'Name at least one metadata field');
export type AnnotationMetadataChange = z.infer<typeof annotationMetadataChangeSchema>;

/** The metadata an annotation's stored properties hold (a field absent or not text holds its default). */
export function metadataOf(properties: Readonly<Record<string, unknown>>): AnnotationMetadata {
  const valueOf = (field: AnnotationMetadataField) => {
    const value = properties[field];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  return { fovPlacementDelivery: valueOf('fovPlacementDelivery'), fovClass: valueOf('fovClass') };
}

/** The stored properties with the change made: a field set to its default is left out. */
export function withMetadata(
  properties: Readonly<Record<string, unknown>>,
  change: AnnotationMetadataChange,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...properties };
  for (const [field, value] of Object.entries(change)) {
    if (value === null || value === undefined) delete next[field];
    else next[field] = value;
  }
  return next;
}
