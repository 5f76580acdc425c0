import { describe, expect, it } from 'vitest';
import { viewerLoadStatus } from './viewer-load.ts';

describe('viewerLoadStatus', () => {
  it('succeeds once every read that applies has', () => {
    expect(viewerLoadStatus({ slide: 'succeeded', toolConfigs: 'succeeded' })).toBe('succeeded');
    expect(
      viewerLoadStatus({
        slide: 'succeeded',
        toolConfigs: 'succeeded',
        blockSlides: 'succeeded',
        landmarks: 'pending',
      }),
    ).toBe('pending');
  });

  it('fails when any read fails, even while others are pending', () => {
    expect(viewerLoadStatus({ slide: 'pending', landmarks: 'failed' })).toBe('failed');
  });

  it('is not started until a read begins', () => {
    expect(viewerLoadStatus({ slide: 'notStarted', toolConfigs: 'notStarted' })).toBe('notStarted');
    expect(viewerLoadStatus({ slide: 'succeeded', toolConfigs: 'notStarted' })).toBe('pending');
  });
});
