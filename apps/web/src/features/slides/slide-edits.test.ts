import { describe, expect, it } from 'vitest';
import { describeField, SLIDE_FIELDS } from '@tessera/domain';
import { qcAssayUpdates, slideUpdatesOf, undoStepOf, withClearedLinks } from './slide-edits.ts';

describe('slide edits', () => {
  const a = { id: 'a', updatedAt: 't1', blockId: 'x', organ: null };
  it('groups changes per slide with the updatedAt they were read with', () => {
    const changes = [
      { row: a, field: 'blockId', value: 'y' },
      { row: a, field: 'organ', value: 'Lung' },
      { row: { id: 'b', updatedAt: 't2' }, field: 'hScore', value: 3 },
    ];
    expect(slideUpdatesOf(changes)).toEqual([
      { id: 'a', updatedAt: 't1', blockId: 'y', organ: 'Lung' },
      { id: 'b', updatedAt: 't2', hScore: 3 },
    ]);
    expect(undoStepOf(changes.slice(0, 1))).toEqual([
      { rowId: 'a', field: 'blockId', before: 'x', after: 'y' },
    ]);
  });
  it('turns QC cells into the slide’s assays, refusing rows read before the slide changed', () => {
    const current = new Map([
      [
        's',
        {
          updatedAt: 't1',
          assays: [
            { channel: 1, marker: 'CD3' },
            { channel: 2, marker: 'CD8' },
          ],
        },
      ],
    ]);
    const row = { id: 'c2', slideId: 's', channel: 2, updatedAt: 't1', fileName: 's.svs' };
    expect(qcAssayUpdates([{ row, field: 'qcSlideChannelPass', value: true }], current)).toEqual({
      updates: [
        {
          id: 's',
          updatedAt: 't1',
          before: current.get('s')!.assays,
          assays: [
            { channel: 1, marker: 'CD3' },
            { channel: 2, marker: 'CD8', qcSlideChannelPass: true },
          ],
        },
      ],
    });
    expect(
      qcAssayUpdates([{ row: { ...row, updatedAt: 't0' }, field: 'marker', value: 'CD4' }], current),
    ).toEqual({ conflict: 's.svs' });
  });

  it('adds the subtype a new indication clears, so the undo step restores it too', () => {
    const fieldOf = (name: string, allowed: { value: string; parent?: string }[]) =>
      describeField(SLIDE_FIELDS.find((f) => f.fieldName === name)!, allowed);
    const fields = [
      fieldOf('indicationV2', [{ value: 'NSCLC' }, { value: 'Melanoma' }]),
      fieldOf('indicationSubtypeV2', [{ value: 'Adenocarcinoma', parent: 'NSCLC' }]),
    ];
    const row = { id: 's', updatedAt: 't', indicationV2: 'NSCLC', indicationSubtypeV2: 'Adenocarcinoma' };
    const all = withClearedLinks([{ row, field: 'indicationV2', value: 'Melanoma' }], fields);
    expect(slideUpdatesOf(all)).toEqual([
      { id: 's', updatedAt: 't', indicationV2: 'Melanoma', indicationSubtypeV2: null },
    ]);
    expect(undoStepOf(all)).toContainEqual({
      rowId: 's',
      field: 'indicationSubtypeV2',
      before: 'Adenocarcinoma',
      after: null,
    });
    expect(withClearedLinks([{ row, field: 'indicationV2', value: 'NSCLC' }], fields)).toHaveLength(1);
  });
});
