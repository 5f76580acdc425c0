import { describe, expect, it } from 'vitest';
import type { Permission } from '@tessera/domain';
import {
  applyToAllLabel,
  applyToAllOf,
  channelUnavailableMessages,
  confirmationOf,
  resetOptions,
  saveOptions,
  slidesPhrase,
} from './equalization-panel-rules.ts';

const none = new Set<Permission>();
const manage = new Set<Permission>(['equalizationManage']);

describe('Save and Reset menus (spec 3 §4, §6)', () => {
  it('offer for me, for the project and as default; the last two need equalizationManage', () => {
    expect(saveOptions(none)).toEqual([
      { scope: 'me', label: 'For me', isEnabled: true },
      { scope: 'project', label: 'For the project', isEnabled: false },
      { scope: 'default', label: 'As default', isEnabled: false },
    ]);
    expect(saveOptions(manage).every((o) => o.isEnabled)).toBe(true);
  });

  it('reset removes my presets or the project’s, never the default', () => {
    expect(resetOptions(none)).toEqual([
      { scope: 'me', label: 'For me', isEnabled: true },
      { scope: 'project', label: 'For the project', isEnabled: false },
    ]);
    expect(resetOptions(manage).map((o) => o.isEnabled)).toEqual([true, true]);
  });
});

describe('for all filtered slides of the same assay', () => {
  it('is hidden when the viewer does not know the filtered slides', () => {
    expect(applyToAllOf(null, 's1')).toEqual({ isOffered: false, slideIds: [], isTooMany: false });
  });

  it('skips the current slide and repeats', () => {
    expect(applyToAllOf(['s2', 's1', 's3', 's2'], 's1')).toEqual({
      isOffered: true,
      slideIds: ['s2', 's3'],
      isTooMany: false,
    });
    expect(applyToAllLabel(applyToAllOf(['s1', 's2'], 's1'))).toBe(
      'For all filtered slides of the same assay (1 more)',
    );
  });

  it('is refused past the slides one change may touch', () => {
    const many = Array.from({ length: 1001 }, (_, i) => `s${i + 2}`);
    expect(applyToAllOf(many, 's1').isTooMany).toBe(true);
    expect(applyToAllOf(many.slice(1), 's1').isTooMany).toBe(false);
    expect(applyToAllLabel(applyToAllOf(many, 's1'))).toBe(
      'For all filtered slides of the same assay (more than 1000 more)',
    );
  });
});

describe('confirmations (spec 3 §4)', () => {
  it('saving for me goes ahead at once; for the project and as default ask', () => {
    expect(confirmationOf({ kind: 'save', scope: 'me', otherSlideIds: ['s2'] })).toBeNull();
    expect(confirmationOf({ kind: 'save', scope: 'project', otherSlideIds: [] })).toMatchObject({
      title: 'Save for the project?',
      text: expect.stringContaining('on this slide,') as string,
    });
    expect(confirmationOf({ kind: 'save', scope: 'default', otherSlideIds: ['s2', 's3'] })).toMatchObject({
      title: 'Save as default?',
      text: expect.stringContaining('this slide and 2 other slides') as string,
    });
  });

  it('every reset asks', () => {
    expect(confirmationOf({ kind: 'reset', scope: 'me', otherSlideIds: [] })?.confirmLabel).toBe('Reset');
    expect(confirmationOf({ kind: 'reset', scope: 'project', otherSlideIds: ['s2'] })?.text).toContain(
      'this slide and 1 other slide',
    );
  });

  it('names the slides a change touches', () => {
    expect(slidesPhrase(0)).toBe('this slide');
    expect(slidesPhrase(1)).toBe('this slide and 1 other slide');
    expect(slidesPhrase(12)).toBe('this slide and 12 other slides');
  });
});

describe('channels that cannot be shown (spec 3 §5)', () => {
  const details = (format: string, isConverted: boolean) => ({
    conversionStatus: isConverted ? ('Converted' as const) : ('NotConverted' as const),
    imageInfo: {
      formats: isConverted ? [format, 'optimized'] : [format],
      channels: [{ sampleType: 'uint8' }, { sampleType: 'uint16' }, { sampleType: null }],
    },
  });
  const of = (d: ReturnType<typeof details>) =>
    channelUnavailableMessages(d as unknown as Parameters<typeof channelUnavailableMessages>[0]);

  it('are the unconverted qptiff channels that are not uint8', () => {
    const message = 'available when optimized for viewing';
    expect(of(details('qptiff', false))).toEqual([null, message, message]);
    expect(of(details('qptiff', true))).toEqual([null, null, null]);
    expect(of(details('ome-tiff', false))).toEqual([null, null, null]);
  });

  it('are none while the slide is unknown', () => {
    expect(channelUnavailableMessages(undefined)).toEqual([]);
  });
});
