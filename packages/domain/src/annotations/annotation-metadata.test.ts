import { describe, expect, it } from 'vitest';
import {
  annotationMetadataChangeSchema,
  hasEditableMetadata,
  MAX_METADATA_VALUE_LENGTH,
  metadataOf,
  withMetadata,
} from './annotation-metadata.ts';

describe('annotation metadata', () => {
  it('is editable on FOV, ROI and the ROI detection classes only', () => {
    for (const classId of ['FOV', 'ROI', 'ROI correct detection', 'ROI incorrect detection'])
      expect(hasEditableMetadata(classId)).toBe(true);
    for (const classId of ['Tumor', 'roi', 'Default', 'IM']) expect(hasEditableMetadata(classId)).toBe(false);
  });

  it('reads a field absent, empty or not text as its default', () => {
    expect(metadataOf({})).toEqual({ fovPlacementDelivery: null, fovClass: null });
    expect(metadataOf({ fovPlacementDelivery: 'Manual', fovClass: 3 })).toEqual({
      fovPlacementDelivery: 'Manual',
      fovClass: null,
    });
    expect(metadataOf({ fovClass: '' }).fovClass).toBeNull();
  });

  it('sets the fields named, keeps the others, and leaves a cleared field out', () => {
    const stored = { annotatedBy: 'ann', fovClass: 'Hotspot', fovPlacementDelivery: 'Manual' };
    expect(withMetadata(stored, { fovClass: 'Invasive margin' })).toEqual({
      ...stored,
      fovClass: 'Invasive margin',
    });
    expect(withMetadata(stored, { fovPlacementDelivery: null })).toEqual({
      annotatedBy: 'ann',
      fovClass: 'Hotspot',
    });
  });

  it('takes trimmed one-line text; empty text clears', () => {
    expect(annotationMetadataChangeSchema.parse({ fovClass: '  Hotspot ' })).toEqual({ fovClass: 'Hotspot' });
    expect(annotationMetadataChangeSchema.parse({ fovClass: '   ' })).toEqual({ fovClass: null });
    expect(annotationMetadataChangeSchema.parse({ fovClass: null })).toEqual({ fovClass: null });
  });

  it('refuses no field, unknown fields, control characters, line breaks and long text', () => {
    const refused = [
      {},
      { other: 'x' },
      { fovClass: 'a\u0000b' },
      { fovClass: 'two\nlines' },
      { fovClass: 'x'.repeat(MAX_METADATA_VALUE_LENGTH + 1) },
      { fovClass: 3 },
      { fovClass: { nested: 'x' } },
    ];
    for (const body of refused) expect(annotationMetadataChangeSchema.safeParse(body).success).toBe(false);
  });
});
