import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_SETTINGS, loadViewSettings, saveViewSettings } from './view-settings.ts';

const storageOf = (text: string | null) => ({ getItem: () => text });

describe('view settings', () => {
  it('default to smoothing on and no ICC conversion', () => {
    expect(loadViewSettings(storageOf(null))).toEqual(DEFAULT_VIEW_SETTINGS);
  });

  it('read back what was saved', () => {
    let saved = '';
    saveViewSettings(
      { pixelPerfectModeOn: true, iccColorProfileOn: true },
      { setItem: (_, v) => (saved = v) },
    );
    expect(loadViewSettings(storageOf(saved))).toEqual({ pixelPerfectModeOn: true, iccColorProfileOn: true });
  });

  it('fall back field by field on anything unreadable', () => {
    expect(loadViewSettings(storageOf('not json'))).toEqual(DEFAULT_VIEW_SETTINGS);
    expect(loadViewSettings(storageOf('[]'))).toEqual(DEFAULT_VIEW_SETTINGS);
    expect(loadViewSettings(storageOf('{"pixelPerfectModeOn":"yes","iccColorProfileOn":true}'))).toEqual({
      pixelPerfectModeOn: false,
      iccColorProfileOn: true,
    });
  });
});
