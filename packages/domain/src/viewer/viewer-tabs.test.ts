import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  appendSlide,
  neighboursOf,
  nextViewerId,
  openSlide,
  openSlidesOf,
  removeSlide,
  replaceSlide,
  switchSlide,
  TAB_MESSAGES,
  type OpenSlides,
} from './viewer-tabs.ts';

const three: OpenSlides = {
  viewers: [
    { viewerId: 'viewerId1', slideId: 'a' },
    { viewerId: 'viewerId2', slideId: 'b' },
    { viewerId: 'viewerId3', slideId: 'c' },
  ],
  activeIndex: 1,
};
const ids = (s: OpenSlides) => s.viewers.map((v) => v.slideId).join('');

describe('the viewer tabs', () => {
  it('opens a slide already open by switching to it, another by replacing the active slide', () => {
    expect(openSlide(three, 'c')).toEqual({ ...three, activeIndex: 2 });
    const replaced = openSlide(three, 'x');
    expect(ids(replaced)).toBe('axc');
    expect(replaced.viewers[1]!.viewerId).toBe('viewerId2');
    expect(replaced.activeIndex).toBe(1);
  });

  it('appends as a new active tab with a fresh viewer id, or switches to an open slide', () => {
    const appended = appendSlide(three, 'x');
    expect(ids(appended)).toBe('abcx');
    expect(appended.viewers[3]!.viewerId).toBe('viewerId4');
    expect(appended.activeIndex).toBe(3);
    expect(appendSlide(three, 'a').activeIndex).toBe(0);
  });

  it('does not replace into a duplicate', () => {
    expect(replaceSlide(three, 'a')).toEqual({ ...three, activeIndex: 0 });
  });

  it('switches by index and refuses an index out of bounds', () => {
    expect(switchSlide(three, 0)).toEqual({ slides: { ...three, activeIndex: 0 } });
    expect(switchSlide(three, 3)).toEqual({ error: TAB_MESSAGES.switchOutOfBounds });
    expect(switchSlide(three, -1)).toEqual({ error: TAB_MESSAGES.switchOutOfBounds });
    expect(switchSlide(three, 0.5)).toEqual({ error: TAB_MESSAGES.switchOutOfBounds });
  });

  it('removes: the active one hands over to its right neighbour, or its left one at the end', () => {
    const removeActive = removeSlide(three, 1);
    expect('slides' in removeActive && ids(removeActive.slides)).toBe('ac');
    expect('slides' in removeActive && removeActive.slides.activeIndex).toBe(1);
    const last = removeSlide({ ...three, activeIndex: 2 }, 2);
    expect('slides' in last && last.slides.activeIndex).toBe(1);
    const before = removeSlide(three, 0);
    expect('slides' in before && before.slides.activeIndex).toBe(0);
    expect('slides' in before && before.slides.viewers[0]!.slideId).toBe('b');
    expect(removeSlide(three, 5)).toEqual({ error: TAB_MESSAGES.removeOutOfBounds });
  });

  it('never removes the last slide', () => {
    const one = openSlidesOf('a');
    expect(removeSlide(one, 0)).toEqual({ slides: one });
  });

  it('keeps the active slide the same one whenever another is removed', () => {
    const state = fc
      .integer({ min: 2, max: 8 })
      .chain((n) => fc.tuple(fc.constant(n), fc.nat({ max: n - 1 }), fc.nat({ max: n - 1 })));
    fc.assert(
      fc.property(state, ([n, active, removed]) => {
        let slides: OpenSlides = openSlidesOf('s0');
        for (let i = 1; i < n; i++) slides = appendSlide(slides, `s${i}`);
        slides = { ...slides, activeIndex: active };
        const change = removeSlide(slides, removed);
        if (!('slides' in change)) return false;
        const after = change.slides;
        const isInBounds = after.activeIndex >= 0 && after.activeIndex < after.viewers.length;
        const keepsActive = removed === active || after.viewers[after.activeIndex]!.slideId === `s${active}`;
        return after.viewers.length === n - 1 && isInBounds && keepsActive;
      }),
    );
  });

  it('numbers viewer ids above the highest in use', () => {
    expect(nextViewerId([])).toBe('viewerId1');
    expect(nextViewerId([{ viewerId: 'viewerId7', slideId: 'a' }])).toBe('viewerId8');
  });
});

describe('neighboursOf', () => {
  it('steps through the list, stopping at its ends', () => {
    expect(neighboursOf(['a', 'b', 'c'], 'b')).toEqual({ previous: 'a', next: 'c' });
    expect(neighboursOf(['a', 'b', 'c'], 'a')).toEqual({ previous: null, next: 'b' });
    expect(neighboursOf(['a', 'b', 'c'], 'c')).toEqual({ previous: 'b', next: null });
    expect(neighboursOf(['a', 'b'], 'x')).toEqual({ previous: null, next: null });
  });
});
