import { describe, expect, it } from 'vitest';
import { settingsTabOf } from './settings-tabs.ts';

describe('settings tab from the hash', () => {
  it('knows #general, #members and #classes', () => {
    expect(settingsTabOf('#general', false)).toBe('general');
    expect(settingsTabOf('#classes', false)).toBe('classes');
    expect(settingsTabOf('#members', true)).toBe('members');
  });

  it('answers null (go to #general) for an empty, unknown or forbidden tab', () => {
    expect(settingsTabOf('', true)).toBeNull();
    expect(settingsTabOf('#workflow', true)).toBeNull();
    expect(settingsTabOf('#members', false)).toBeNull();
  });
});
