import { describe, expect, it } from 'vitest';
import {
  acceptedMarkers,
  checkAssays,
  cleanAssayRows,
  formatAssayMarkers,
  parsePastedAssays,
  reassignChannel,
} from './assays.ts';

describe('marker (assay) edit rules (spec 2 §5)', () => {
  it('drops rows without a marker, duplicate or non-integer channels, and ids that are not 24 hex', () => {
    const rows = cleanAssayRows([
      { channel: 2, marker: 'CD8', id: 'a'.repeat(24) },
      { channel: 1, marker: ' CD3 ', id: 'not-an-id' },
      { channel: 2, marker: 'PD-L1' },
      { channel: 3, marker: '' },
      { channel: 1.5, marker: 'Ki-67' },
    ]);
    expect(rows).toEqual([
      { channel: 1, marker: 'CD3' },
      { channel: 2, marker: 'CD8', id: 'a'.repeat(24) },
    ]);
  });
  it('a reassigned channel clears the old holder', () => {
    expect(reassignChannel([{ channel: 1 }, { channel: 2 }], 0, 2)).toEqual([
      { channel: 2 },
      { channel: null },
    ]);
  });
  it('checks markers against the vocabulary and pasted cells as JSON', () => {
    const markers = new Set(['CD3', 'CD8']);
    expect(checkAssays([{ channel: 1, marker: 'CD3' }], markers)).toBeNull();
    expect(checkAssays([{ channel: 1, marker: 'CD4' }], markers)).toBe(
      'Incorrect cell value of controlled vocabulary for the field',
    );
    expect(
      checkAssays(
        [
          { channel: 1, marker: 'CD3' },
          { channel: 1, marker: 'CD8' },
        ],
        markers,
      ),
    ).toMatch(/unique/);
    expect(parsePastedAssays('[{"channel":1,"marker":"CD3"}]')).toEqual([{ channel: 1, marker: 'CD3' }]);
    expect(parsePastedAssays('CD3-CD8')).toBeNull();
  });
  it('formats markers in channel order', () => {
    expect(
      formatAssayMarkers([
        { channel: 2, marker: 'CD8' },
        { channel: 1, marker: 'CD3' },
      ]),
    ).toBe('CD3-CD8');
  });
});

describe('acceptedMarkers', () => {
  const vocabulary = [
    { value: 'CD3' },
    { value: 'CD8' },
    { value: 'OLD', deprecatedSince: '2020-01-01' },
    { value: 'SOON', deprecatedSince: '2999-01-01' },
  ];
  const markersFor = acceptedMarkers(vocabulary, '2026-01-01');

  it('gives new channels the choosable markers only, the same list for every slide without a deprecated one', () => {
    expect(markersFor(null)).toEqual(['CD3', 'CD8', 'SOON']);
    expect(markersFor([{ channel: 1, marker: 'CD3' }])).toBe(markersFor(undefined));
  });

  it("keeps a slide's own deprecated marker accepted for that slide, and nothing outside the vocabulary", () => {
    expect(markersFor([{ channel: 1, marker: 'OLD' }, { channel: 2, marker: 'GONE' }, null])).toEqual([
      'CD3',
      'CD8',
      'SOON',
      'OLD',
    ]);
  });
});
