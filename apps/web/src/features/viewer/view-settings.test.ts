import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_SETTINGS, loadViewSettings, saveViewSettings } from './view-settings.ts';

const storageOf = (text: string | null) => ({ getItem: () => text });

describe('view settings', () => {
  it('default to smoothing on, no ICC conversion, and labelled annotations filled at half opacity', () => {
    expect(loadViewSettings(storageOf(null))).toEqual(DEFAULT_VIEW_SETTINGS);
  });

  it('read back what was saved', () => {
    let saved = '';
    const settings = {
      pixelPerfectModeOn: true,
      iccColorProfileOn: true,
      annotationFillEnabled: false,
      annotationFillOpacity: 20,
      annotationLabelsVisible: false,
    };
    saveViewSettings(settings, { setItem: (_, v) => (saved = v) });
    expect(loadViewSettings(storageOf(saved))).toEqual(settings);
  });

  it('fall back field by field on anything unreadable', () => {
    expect(loadViewSettings(storageOf('not json'))).toEqual(DEFAULT_VIEW_SETTINGS);
    expect(loadViewSettings(storageOf('[]'))).toEqual(DEFAULT_VIEW_SETTINGS);
    expect(loadViewSettings(storageOf('{"pixelPerfectModeOn":"yes","iccColorProfileOn":true}'))).toEqual({
      ...DEFAULT_VIEW_SETTINGS,
      iccColorProfileOn: true,
    });
    expect(loadViewSettings(storageOf('{"annotationFillOpacity":250,"annotationLabelsVisible":0}'))).toEqual({
      ...DEFAULT_VIEW_SETTINGS,
      annotationFillOpacity: 100,
    });
  });
});
