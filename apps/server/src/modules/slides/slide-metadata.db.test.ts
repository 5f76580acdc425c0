/**
 * Editing the slide table through the API (spec 1 §5, §7) on both databases: the checks and editing
 * rights on the server, all-or-nothing batches, optimistic concurrency, delete, reads by id and page,
 * and the saved column state.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { setDeprecatedSince } from '../vocabularies/vocabularies.queries.ts';
import { insertTestSlides } from '../../../test/slides.fixtures.ts';

describeEachDialect('slide metadata edits', (t) => {
  let writer: TestUser;
  let reader: TestUser;
  let admin: TestUser;
  let projectId: string;
  let ids: string[];
  const read = async (slideIds: string[], user: TestUser = writer) => {
    const res = await t().request(user, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/batch-get`,
      payload: { slideIds },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown>[];
  };
  const readIn = async (project: string, slideIds: string[]) => {
    const res = await t().request(writer, {
      method: 'POST',
      url: `/v1/projects/${project}/slides/batch-get`,
      payload: { slideIds },
    });
    return res.json().data as Record<string, unknown>[];
  };
  const updateIn = (project: string, slides: object[]) =>
    t().request(writer, { method: 'PATCH', url: `/v1/projects/${project}/slides`, payload: { slides } });
  const update = (slides: object[], user: TestUser = writer) =>
    t().request(user, { method: 'PATCH', url: `/v1/projects/${projectId}/slides`, payload: { slides } });

  beforeAll(async () => {
    writer = await t().createUser();
    reader = await t().createUser();
    admin = await t().createUser();
    projectId = (
      await t().createProject({
        members: [
          { user: writer, role: 'projectWrite' },
          { user: reader, role: 'projectRead' },
          { user: admin, role: 'projectAdmin' },
        ],
      })
    ).id;
    ids = await insertTestSlides(t().ctx.db, projectId, [
      { fileName: 'a.svs', indicationV2: 'NSCLC', indicationSubtypeV2: 'Adenocarcinoma' },
      { fileName: 'b.svs', blockId: 'B-1' },
      { fileName: 'c.svs' },
    ]);
  });

  it('applies checked edits of every kind and moves updatedAt on', async () => {
    const [a] = await read([ids[0]!]);
    const res = await update([
      {
        id: ids[0],
        updatedAt: a!.updatedAt,
        blockId: 'B-7',
        hScore: 120,
        imageQcPass: true,
        collectionDate: '2024-02-29',
        drugIds: ['Atezolizumab', 'Placebo'],
        assays: [{ channel: 1, marker: 'PD-L1', chromogenFluorophores: 'DAB' }],
        indicationSubtypeV2: 'Squamous cell carcinoma',
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data[0];
    expect(row).toMatchObject({
      blockId: 'B-7',
      hScore: 120,
      imageQcPass: true,
      collectionDate: '2024-02-29',
      drugIds: ['Atezolizumab', 'Placebo'],
      assayMarkersFormatted: 'PD-L1',
    });
    expect(row.assays[0]).toMatchObject({
      channel: 1,
      marker: 'PD-L1',
      chromogenFluorophores: 'DAB',
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    expect(row.updatedAt > (a!.updatedAt as string)).toBe(true);
    // The side tables follow: the set filters find the new values.
    const grid = await t().request(writer, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/grid`,
      payload: {
        filterModel: {
          drugIds: { filterType: 'set', values: ['Placebo'] },
          assays: { filterType: 'set', values: ['PD-L1'] },
        },
      },
    });
    expect(grid.json().data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
  });

  it('refuses a batch with one bad value, changing none of its slides', async () => {
    const [a, b] = await read([ids[0]!, ids[1]!]);
    const res = await update([
      { id: ids[1], updatedAt: b!.updatedAt, blockId: 'B-2' },
      { id: ids[0], updatedAt: a!.updatedAt, tumorContent: 101 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'a.svs: Tumor Content (%) must be between 0 and 100',
    });
    expect((await read([ids[1]!]))[0]).toMatchObject({ blockId: 'B-1', updatedAt: b!.updatedAt });
  });

  it('checks controlled vocabularies, assays and the indication → subtype link', async () => {
    const [a] = await read([ids[0]!]);
    const bad = async (change: object, message: string) => {
      const res = await update([{ id: ids[0], updatedAt: a!.updatedAt, ...change }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`a.svs: ${message}`);
    };
    await bad({ organ: 'Spleen' }, 'Incorrect cell value of controlled vocabulary for the field');
    await bad(
      { assays: [{ channel: 1, marker: 'Unobtainium' }] },
      'Incorrect cell value of controlled vocabulary for the field',
    );
    await bad(
      { indicationSubtypeV2: 'Triple negative' },
      "The subtype 'Triple negative' is not a valid entry of the 'NSCLC' indication.",
    );
    await bad({ indicationV2: null, indicationSubtypeV2: 'Adenocarcinoma' }, 'No indication selected');
    await bad({ hScore: 'twelve' }, 'H-Score must be a whole number');
    // A new indication clears a subtype that is not one of its own.
    const res = await update([{ id: ids[0], updatedAt: a!.updatedAt, indicationV2: 'Melanoma' }]);
    expect(res.json().data[0]).toMatchObject({ indicationV2: 'Melanoma', indicationSubtypeV2: null });
  });

  it('accepts a deprecated marker only on a slide that already holds it (acceptedMarkers)', async () => {
    const own = (await t().createProject({ members: [{ user: writer, role: 'projectWrite' }] })).id;
    const [held, other] = await insertTestSlides(t().ctx.db, own, [
      { fileName: 'held.svs', assays: [{ channel: 1, marker: 'CD3' }] },
      { fileName: 'other.svs' },
    ]);
    expect(await setDeprecatedSince(t().ctx.db, 'markers', '', 'CD3', '2020-01-01')).toBe(true);
    try {
      const [h, o] = await readIn(own, [held!, other!]);
      const kept = await updateIn(own, [
        {
          id: held,
          updatedAt: h!.updatedAt,
          assays: [
            { channel: 1, marker: 'CD3' },
            { channel: 2, marker: 'CD8' },
          ],
        },
      ]);
      expect(kept.statusCode, kept.body).toBe(200);
      const added = await updateIn(own, [
        { id: other, updatedAt: o!.updatedAt, assays: [{ channel: 1, marker: 'CD3' }] },
      ]);
      expect(added.statusCode).toBe(400);
      expect(added.json().message).toBe(
        'other.svs: Incorrect cell value of controlled vocabulary for the field',
      );
    } finally {
      await setDeprecatedSince(t().ctx.db, 'markers', '', 'CD3', null);
    }
  });

  it('writes slides changing different columns in one batch: each keeps what it does not change', async () => {
    const [b, c] = await read([ids[1]!, ids[2]!]);
    const set = (s: Record<string, unknown>, values: object) => ({
      id: s.id,
      updatedAt: s.updatedAt,
      ...values,
    });
    expect(
      (await update([set(b!, { hScore: 40 }), set(c!, { blockId: 'C-1', hScore: 60 })])).statusCode,
    ).toBe(200);
    const [b1, c1] = await read([ids[1]!, ids[2]!]);
    // b's block id is not among its changes, c's is (PostgreSQL: two statements); a cleared value is null.
    const res = await update([set(b1!, { necrosis: 5 }), set(c1!, { blockId: null, tumorContent: 30 })]);
    expect(res.statusCode, res.body).toBe(200);
    const [b2, c2] = await read([ids[1]!, ids[2]!]);
    expect(b2).toMatchObject({ blockId: b!.blockId, hScore: 40, necrosis: 5, tumorContent: b!.tumorContent });
    expect(c2).toMatchObject({ blockId: null, hScore: 60, necrosis: c!.necrosis, tumorContent: 30 });
  });

  it('refuses a conflicting edit (stale updatedAt) and overwrites nothing', async () => {
    const [b] = await read([ids[1]!]);
    expect((await update([{ id: ids[1], updatedAt: b!.updatedAt, blockId: 'first' }])).statusCode).toBe(200);
    const stale = await update([{ id: ids[1], updatedAt: b!.updatedAt, blockId: 'second' }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      code: 'CONFLICT',
      message:
        'b.svs was changed by someone else since it was loaded. Refresh to see the change; nothing was saved.',
    });
    expect((await read([ids[1]!]))[0]).toMatchObject({ blockId: 'first' });
  });

  it('enforces the editing rights: permission, read-only fields, the row allow-list, other projects', async () => {
    const [c] = await read([ids[2]!]);
    expect((await update([{ id: ids[2], updatedAt: c!.updatedAt, blockId: 'x' }], reader)).statusCode).toBe(
      403,
    );
    const readOnly = await update([{ id: ids[2], updatedAt: c!.updatedAt, fileName: 'renamed.svs' }]);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().message).toBe('File Name of c.svs cannot be edited');
    expect((await update([{ id: ids[2], updatedAt: c!.updatedAt, nonsense: 1 }])).json().message).toBe(
      "Unknown field 'nonsense'",
    );
    await t()
      .ctx.db.updateTable('slides')
      .set({ editable_fields: JSON.stringify(['organ']) })
      .where('id', '=', ids[2]!)
      .execute();
    expect((await update([{ id: ids[2], updatedAt: c!.updatedAt, blockId: 'x' }])).statusCode).toBe(403);
    expect((await update([{ id: ids[2], updatedAt: c!.updatedAt, organ: 'Lung' }])).statusCode).toBe(200);
    const other = (await t().createProject({ members: [{ user: writer, role: 'projectWrite' }] })).id;
    const [foreign] = await insertTestSlides(t().ctx.db, other, [{ fileName: 'elsewhere.svs' }]);
    expect(
      (await update([{ id: foreign, updatedAt: '2020-01-01T00:00:00.000Z', blockId: 'x' }])).statusCode,
    ).toBe(404);
  });

  it('reads rows by id and by page', async () => {
    expect((await read([...ids, 'f'.repeat(24)])).map((r) => r.fileName)).toEqual([
      'a.svs',
      'b.svs',
      'c.svs',
    ]);
    const page = await t().request(reader, {
      method: 'GET',
      url: `/v1/projects/${projectId}/slides/page?offset=1&limit=1`,
    });
    expect(page.json()).toMatchObject({ total: 3, data: [expect.objectContaining({ fileName: 'b.svs' })] });
    expect(
      (await t().request(reader, { method: 'GET', url: `/v1/projects/${projectId}/slides/page?limit=2001` }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t().request(reader, { method: 'GET', url: `/v1/projects/${projectId}/slides/count` })).json(),
    ).toEqual({ count: 3 });
  });

  it('saves and restores the column state per user, project and table', async () => {
    const url = `/v1/projects/${projectId}/column-state/slideMetadataView`;
    expect((await t().request(reader, { method: 'GET', url })).json()).toEqual({ state: null });
    const state = { columns: [{ colId: 'fileName', width: 300, pinned: 'left' }], groups: ['indicationV2'] };
    expect((await t().request(reader, { method: 'PUT', url, payload: { state } })).statusCode).toBe(200);
    expect((await t().request(reader, { method: 'GET', url })).json()).toEqual({ state });
    expect((await t().request(writer, { method: 'GET', url })).json()).toEqual({ state: null });
    expect(
      (await t().request(reader, { method: 'PUT', url, payload: { state: 'x'.repeat(70_000) } })).statusCode,
    ).toBe(400);
  });

  it('project-specific fields: added by project admins, edited, filtered and listed like the others', async () => {
    const url = `/v1/projects/${projectId}/project-fields`;
    const add = (user: TestUser, payload: object) => t().request(user, { method: 'POST', url, payload });
    expect(
      (
        await add(writer, {
          fieldName: 'cohort',
          headerName: 'Cohort',
          primaryType: 'string',
          group: 'studyInfo',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await add(admin, {
          fieldName: 'cohort',
          headerName: 'Cohort',
          primaryType: 'string',
          group: 'studyInfo',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await add(admin, {
          fieldName: 'score',
          headerName: 'Panel score',
          primaryType: 'uint',
          group: 'resultsQc',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await add(admin, {
          fieldName: 'cohort',
          headerName: 'Again',
          primaryType: 'string',
          group: 'studyInfo',
        })
      ).json().message,
    ).toBe("The field name 'cohort' is in use");
    expect(
      (
        await add(admin, {
          fieldName: 'blockId',
          headerName: 'Clash',
          primaryType: 'string',
          group: 'studyInfo',
        })
      ).json().message,
    ).toBe("The field name 'blockId' is in use");
    expect(
      (
        await add(admin, {
          fieldName: 'Bad Name',
          headerName: 'x',
          primaryType: 'string',
          group: 'studyInfo',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await add(admin, { fieldName: 'list', headerName: 'x', primaryType: 'array', group: 'studyInfo' }))
        .statusCode,
    ).toBe(400);

    const fields = (
      await t().request(reader, { method: 'GET', url: `/v1/projects/${projectId}/fields/slideMetadataView` })
    ).json() as { fieldName: string; isProjectSpecificField: boolean; suppressSort: boolean }[];
    expect(fields.find((f) => f.fieldName === 'cohort')).toMatchObject({
      isProjectSpecificField: true,
      suppressSort: true,
    });

    const [a, b] = await read([ids[0]!, ids[1]!]);
    expect(
      (await update([{ id: ids[0], updatedAt: a!.updatedAt, cohort: 'A-arm', score: 7 }])).statusCode,
    ).toBe(200);
    expect((await update([{ id: ids[1], updatedAt: b!.updatedAt, score: -1 }])).json().message).toBe(
      'b.svs: Panel score must not be negative',
    );
    const [after] = await read([ids[0]!]);
    expect(after).toMatchObject({ cohort: 'A-arm', score: 7 });

    const grid = async (filterModel: object) =>
      (
        await t().request(reader, {
          method: 'POST',
          url: `/v1/projects/${projectId}/slides/grid`,
          payload: { filterModel },
        })
      )
        .json()
        .data.map((r: { id: string }) => r.id);
    expect(await grid({ cohort: { filterType: 'text', type: 'contains', filter: 'arm' } })).toEqual([ids[0]]);
    expect(await grid({ score: { filterType: 'number', type: 'greaterThan', filter: 5 } })).toEqual([ids[0]]);
    expect((await grid({ cohort: { filterType: 'text', type: 'blank' } })).length).toBeGreaterThanOrEqual(2);
    expect(await grid({ cohort: { filterType: 'text', type: 'notContains', filter: 'arm' } })).not.toContain(
      ids[0],
    );
    expect(await grid({ cohort: { filterType: 'set', values: ['A-arm'] } })).toEqual([ids[0]]);
    const values = await t().request(reader, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/filter-values`,
      payload: { field: 'cohort' },
    });
    expect(values.json().values).toEqual([null, 'A-arm']);
    const sorted = await t().request(reader, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/grid`,
      payload: { sortModel: [{ colId: 'cohort', sort: 'asc' }] },
    });
    expect(sorted.statusCode).toBe(400);
    // A row whose project-specific fields are locked (a copy from another project, say) refuses them.
    await t()
      .ctx.db.updateTable('slides')
      .set({ can_edit_project_fields: 0 })
      .where('id', '=', ids[1]!)
      .execute();
    const [locked] = await read([ids[1]!]);
    expect((await update([{ id: ids[1], updatedAt: locked!.updatedAt, cohort: 'B' }])).statusCode).toBe(403);
  });

  it('deletes slides with slideDelete only', async () => {
    const [extra] = await insertTestSlides(t().ctx.db, projectId, [
      { fileName: 'doomed.svs', drugIds: ['Placebo'], assays: [{ channel: 1, marker: 'CD3' }] },
    ]);
    const del = (user: TestUser) =>
      t().request(user, {
        method: 'POST',
        url: `/v1/projects/${projectId}/slides/batch-delete`,
        payload: { slideIds: [extra] },
      });
    expect((await del(writer)).statusCode).toBe(403);
    expect((await del(admin)).json()).toEqual({ deleted: 1 });
    expect(await read([extra!])).toEqual([]);
    const side = await t()
      .ctx.db.selectFrom('slide_values')
      .select('slide_id')
      .where('slide_id', '=', extra!)
      .execute();
    expect(side).toEqual([]);
  });
});
