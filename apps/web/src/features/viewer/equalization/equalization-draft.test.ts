import { describe, expect, it } from 'vitest';
import type { EqualizationPreset, EqualizationPresetChannel } from '@tessera/domain';
import {
  draftReducer,
  editRange,
  formatRangeValue,
  initialDraftState,
  isSamePreset,
  parseRangeText,
  rangeStep,
  type DraftState,
} from './equalization-draft.ts';

const channel = (extra: Partial<EqualizationPresetChannel> = {}): EqualizationPresetChannel => ({
  name: 'DAPI',
  enabled: true,
  color: { red: 0, green: 0, blue: 255 },
  range: { minimum: 10, maximum: 200 },
  minLimit: 0,
  maxLimit: 255,
  ...extra,
});
const presetOf = (...channels: EqualizationPresetChannel[]): EqualizationPreset => ({
  type: 'Linear',
  channels,
});
const saved = presetOf(channel(), channel({ name: 'CD3', enabled: false }));
const loaded = initialDraftState(saved);

describe('the draft over the saved preset', () => {
  it('starts as the server’s preset, or empty before it loaded', () => {
    expect(loaded).toEqual({ base: saved, draft: saved, hasEdits: false });
    expect(draftReducer(initialDraftState(null), { type: 'setEnabled', index: 0, isEnabled: false })).toEqual(
      initialDraftState(null),
    );
  });

  it('edits one channel, leaving the others as they were', () => {
    const state = draftReducer(loaded, { type: 'setEnabled', index: 1, isEnabled: true });
    expect(state.hasEdits).toBe(true);
    expect(state.draft!.channels[1]!.enabled).toBe(true);
    expect(state.draft!.channels[0]).toBe(saved.channels[0]);
    const coloured = draftReducer(state, { type: 'setColor', index: 0, rgb: [255, 128, 0] });
    expect(coloured.draft!.channels[0]!.color).toEqual({ red: 255, green: 128, blue: 0 });
  });

  it('an edit that changes nothing, or names no channel, is no edit', () => {
    expect(draftReducer(loaded, { type: 'setEnabled', index: 0, isEnabled: true })).toBe(loaded);
    expect(draftReducer(loaded, { type: 'setColor', index: 0, rgb: [0, 0, 255] })).toBe(loaded);
    expect(draftReducer(loaded, { type: 'setRange', index: 0, bound: 'min', value: 10 })).toBe(loaded);
    expect(draftReducer(loaded, { type: 'setEnabled', index: 7, isEnabled: false })).toBe(loaded);
  });

  it('follows the server while unedited; keeps the user’s edits (a failed save’s rollback, a refetch)', () => {
    const fresh = presetOf(channel({ range: { minimum: 0, maximum: 99 } }));
    expect(draftReducer(loaded, { type: 'serverPreset', preset: fresh })).toEqual(initialDraftState(fresh));
    const edited = draftReducer(loaded, { type: 'setRange', index: 0, bound: 'max', value: 150 });
    const afterRollback = draftReducer(edited, { type: 'serverPreset', preset: saved });
    expect(afterRollback.draft).toBe(edited.draft);
    expect(afterRollback.hasEdits).toBe(true);
    expect(draftReducer(edited, { type: 'serverPreset', preset: fresh }).base).toBe(fresh);
  });

  it('a save ends the edits unless the user went on editing meanwhile', () => {
    const edited = draftReducer(loaded, { type: 'setRange', index: 0, bound: 'max', value: 150 });
    expect(draftReducer(edited, { type: 'saved', preset: edited.draft! }).hasEdits).toBe(false);
    const editedOn = draftReducer(edited, { type: 'setRange', index: 0, bound: 'max', value: 120 });
    expect(draftReducer(editedOn, { type: 'saved', preset: edited.draft! }).hasEdits).toBe(true);
  });

  it('a reset drops the edits and goes back to the server’s preset, then follows it', () => {
    const edited: DraftState = draftReducer(loaded, { type: 'setEnabled', index: 0, isEnabled: false });
    const discarded = draftReducer(edited, { type: 'discardEdits' });
    expect(discarded).toEqual(loaded);
    const fresh = presetOf(channel({ enabled: false }), channel());
    expect(draftReducer(discarded, { type: 'serverPreset', preset: fresh }).draft).toBe(fresh);
  });
});

describe('range edits (spec 3 §5)', () => {
  it('clamps to the channel limits', () => {
    expect(editRange(channel(), 'min', -40)).toEqual({ minimum: 0, maximum: 200 });
    expect(editRange(channel(), 'max', 999)).toEqual({ minimum: 10, maximum: 255 });
    expect(editRange(channel({ minLimit: 0, maxLimit: 65535 }), 'max', 4000)).toEqual({
      minimum: 10,
      maximum: 4000,
    });
  });

  it('keeps min below max by a step, the moved bound giving way', () => {
    expect(editRange(channel(), 'min', 250)).toEqual({ minimum: 199, maximum: 200 });
    expect(editRange(channel(), 'max', 3)).toEqual({ minimum: 10, maximum: 11 });
    const float = channel({ minLimit: 0, maxLimit: 1, range: { minimum: 0.2, maximum: 0.5 } });
    expect(editRange(float, 'min', 0.9)).toEqual({ minimum: 0.499, maximum: 0.5 });
  });

  it('holds a stored window that was beyond the limits back within them', () => {
    const outside = channel({ range: { minimum: 300, maximum: 400 } });
    expect(editRange(outside, 'min', 20)).toEqual({ minimum: 20, maximum: 255 });
  });

  it('steps by 1 on integer limits, by a thousandth of the span otherwise', () => {
    expect(rangeStep({ minLimit: 0, maxLimit: 255 })).toBe(1);
    expect(rangeStep({ minLimit: -32768, maxLimit: 32767 })).toBe(1);
    expect(rangeStep({ minLimit: 0, maxLimit: 1 })).toBe(0.001);
    expect(rangeStep({ minLimit: 0.5, maxLimit: 2.5 })).toBe(0.002);
  });
});

describe('range inputs', () => {
  it('read numbers; anything else goes back to the current value', () => {
    expect(parseRangeText(' 42 ')).toBe(42);
    expect(parseRangeText('-1.5')).toBe(-1.5);
    expect(parseRangeText('')).toBeNull();
    expect(parseRangeText('abc')).toBeNull();
    expect(parseRangeText('Infinity')).toBeNull();
  });

  it('show whole numbers on integer steps and the step’s decimals otherwise', () => {
    expect(formatRangeValue(200, 1)).toBe('200');
    expect(formatRangeValue(0.30000000000000004, 0.001)).toBe('0.3');
    expect(formatRangeValue(0.1234567, 0.001)).toBe('0.123');
  });
});

describe('preset equality', () => {
  it('compares field by field, whatever the key order', () => {
    const reordered = JSON.parse(
      JSON.stringify({ channels: saved.channels.map((c) => ({ ...c })), type: 'Linear' }),
    ) as EqualizationPreset;
    expect(isSamePreset(saved, reordered)).toBe(true);
    expect(isSamePreset(saved, presetOf(channel()))).toBe(false);
    expect(isSamePreset(saved, presetOf(channel(), channel({ name: 'CD3', enabled: true })))).toBe(false);
  });
});
