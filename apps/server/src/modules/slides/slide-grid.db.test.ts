/**
 * The slide table's grid engine through the API (spec 1 §7), on both databases: filters of every kind,
 * sorting, grouping, set-filter values, keyset paging, and bad requests.
 */
import { beforeAll, expect, it } from 'vitest';
import { slideGrid } from '@tessera/contract';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { insertTestSlides } from '../../../test/slides.fixtures.ts';

const INDICATIONS = ['NSCLC', 'Breast cancer', 'Melanoma', null] as const;
const MARKERS = ['CD3', 'CD8', 'PD-L1', 'Ki-67'];

/** 40 slides with values spread deterministically over the fields the tests filter on. */
function rows() {
  return Array.from({ length: 40 }, (_, i) => ({
    fileName: `S${String(i).padStart(3, '0')}-${i % 3 === 0 ? 'Tumor' : 'Block'}.svs`,
    blockId: i % 5 === 0 ? null : `B-${i % 7}`,
    indicationV2: INDICATIONS[i % 4] ?? null,
    hScore: i % 6 === 0 ? null : i * 5,
    tumorContent: i % 101,
    imageQcPass: i % 4 === 0 ? null : i % 2 === 0,
    collectionDate: `2024-0${(i % 9) + 1}-1${i % 10}`,
    scanDate: `2024-03-${String((i % 28) + 1).padStart(2, '0')}T1${i % 10}:00:00.000Z`,
    drugIds: i % 3 === 0 ? [] : i % 3 === 1 ? ['Atezolizumab'] : ['Atezolizumab', 'Placebo'],
    assays:
      i % 2 === 0
        ? [
            { channel: 1, marker: MARKERS[i % 4]! },
            { channel: 2, marker: 'DAPI' },
          ]
        : [],
    studyId: `GO${40000 + (i % 4)}`,
  }));
}

describeEachDialect('slide grid', (t) => {
  let member: TestUser;
  let projectId: string;
  let ids: string[];
  const data = rows();
  const grid = async (body: object, user: TestUser | null = member) =>
    t().request(user, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/grid`,
      payload: { startRow: 0, endRow: 100, ...body },
    });
  const fileNames = async (body: object) => {
    const res = await grid(body);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { fileName: string }[]).map((r) => r.fileName);
  };
  const expected = (keep: (r: (typeof data)[number], i: number) => boolean) =>
    data
      .filter(keep)
      .map((r) => r.fileName)
      .sort();

  beforeAll(async () => {
    member = await t().createUser();
    projectId = (await t().createProject({ members: [{ user: member, role: 'projectRead' }] })).id;
    ids = await insertTestSlides(t().ctx.db, projectId, data);
    // Another project's slides are never seen.
    const other = (await t().createProject()).id;
    await insertTestSlides(t().ctx.db, other, [{ fileName: 'S000-Tumor.svs' }]);
  });

  it('answers the same rows as arrays (rowShape), leaf blocks and group rows alike', async () => {
    for (const body of [
      { sortModel: [{ colId: 'hScore', sort: 'desc' }], fields: ['fileName', 'hScore', 'drugIds', 'label'] },
      { filterModel: { indicationV2: { filterType: 'set', values: ['Melanoma', null] } } },
      { rowGroupCols: [{ id: 'indicationV2', field: 'indicationV2' }] },
    ]) {
      const objects = (await grid(body)).json();
      const res = await grid({ ...body, rowShape: 'arrays' });
      expect(res.statusCode, res.body).toBe(200);
      const arrays = res.json();
      expect(arrays.data).toBeUndefined();
      expect(arrays.rows).toHaveLength(objects.data.length);
      // Absent values come back as null; otherwise the very rows.
      const decoded = slideGrid.gridRowsOf(arrays);
      const withNulls = objects.data.map((row: Record<string, unknown>) =>
        Object.fromEntries(arrays.fields.map((f: string) => [f, row[f] ?? null])),
      );
      expect(decoded.data.map((row) => ({ ...row }))).toEqual(withNulls);
      expect(decoded.filteredSlideCount).toBe(objects.filteredSlideCount);
      expect(decoded.rowCount).toBe(objects.rowCount);
    }
    // Keys left undefined (the image id, when the Label column is not asked for) are not named.
    const withoutLabel = (await grid({ fields: ['fileName'], rowShape: 'arrays' })).json();
    expect(withoutLabel.fields).toEqual(expect.arrayContaining(['fileName', 'id']));
    expect(withoutLabel.fields.some((f: string) => f.startsWith('_') || f === 'labelImage')).toBe(false);
    expect((await grid({ rowShape: 'columns' })).statusCode).toBe(400);
  });

  it('answers a block sorted by fileName by default, with the filtered slide count and typed values', async () => {
    const res = await grid({ startRow: 0, endRow: 10 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.filteredSlideCount).toBe(40);
    expect(body.rowCount).toBe(40);
    expect(body.data.map((r: { fileName: string }) => r.fileName)).toEqual(
      data
        .map((r) => r.fileName)
        .sort()
        .slice(0, 10),
    );
    const first = body.data[0];
    expect(first).toMatchObject({
      id: ids[0],
      projectId,
      blockId: null,
      indicationV2: 'NSCLC',
      hScore: null,
      imageQcPass: null,
      drugIds: [],
      canEditSlideSpecificFields: true,
    });
    expect(first.assays).toEqual([
      expect.objectContaining({ channel: 1, marker: 'CD3' }),
      expect.objectContaining({ channel: 2, marker: 'DAPI' }),
    ]);
    expect(first.assayMarkersFormatted).toBe('CD3-DAPI');
    expect(body.data[1]).toMatchObject({ hScore: 5, imageQcPass: false, drugIds: ['Atezolizumab'] });
  });

  it('text filters: contains (trigram and short), startsWith, equals without case, notContains, blank', async () => {
    expect(
      await fileNames({
        filterModel: { fileName: { filterType: 'text', type: 'contains', filter: 'tumor' } },
      }),
    ).toEqual(expected((r) => r.fileName.includes('Tumor')));
    expect(
      await fileNames({ filterModel: { fileName: { filterType: 'text', type: 'contains', filter: '01' } } }),
    ).toEqual(expected((r) => r.fileName.includes('01')));
    expect(
      await fileNames({
        filterModel: { fileName: { filterType: 'text', type: 'startsWith', filter: 's00' } },
      }),
    ).toEqual(expected((r) => r.fileName.startsWith('S00')));
    expect(
      await fileNames({
        filterModel: { fileName: { filterType: 'text', type: 'equals', filter: 's001-block.SVS' } },
      }),
    ).toEqual(['S001-Block.svs']);
    expect(
      await fileNames({
        filterModel: { blockId: { filterType: 'text', type: 'notContains', filter: 'B-1' } },
      }),
    ).toEqual(expected((r) => !r.blockId?.includes('B-1')));
    expect(await fileNames({ filterModel: { blockId: { filterType: 'text', type: 'blank' } } })).toEqual(
      expected((r) => r.blockId === null),
    );
    // Pattern characters are text: '%' matches only a '%'.
    expect(
      await fileNames({ filterModel: { fileName: { filterType: 'text', type: 'contains', filter: '%_' } } }),
    ).toEqual([]);
  });

  it('number, date and datetime filters', async () => {
    expect(
      await fileNames({
        filterModel: { hScore: { filterType: 'number', type: 'inRange', filter: 50, filterTo: 100 } },
      }),
    ).toEqual(expected((r) => r.hScore !== null && r.hScore >= 50 && r.hScore <= 100));
    expect(
      await fileNames({ filterModel: { hScore: { filterType: 'number', type: 'notEqual', filter: 5 } } }),
    ).toEqual(expected((r) => r.hScore !== 5));
    expect(
      await fileNames({
        filterModel: {
          collectionDate: { filterType: 'date', type: 'lessThan', dateFrom: '2024-03-01 00:00:00' },
        },
      }),
    ).toEqual(expected((r) => r.collectionDate < '2024-03-01'));
    expect(
      await fileNames({
        filterModel: { scanDate: { filterType: 'date', type: 'equals', dateFrom: '2024-03-05' } },
      }),
    ).toEqual(expected((r) => r.scanDate.startsWith('2024-03-05')));
  });

  it('set filters: values with (Blanks), booleans, lists and assay markers; an empty selection matches nothing', async () => {
    expect(
      await fileNames({ filterModel: { indicationV2: { filterType: 'set', values: ['Melanoma', null] } } }),
    ).toEqual(expected((r) => r.indicationV2 === 'Melanoma' || r.indicationV2 === null));
    expect(
      await fileNames({ filterModel: { imageQcPass: { filterType: 'set', values: ['true'] } } }),
    ).toEqual(expected((r) => r.imageQcPass === true));
    expect(
      await fileNames({ filterModel: { drugIds: { filterType: 'set', values: ['Placebo', null] } } }),
    ).toEqual(expected((r) => r.drugIds.includes('Placebo') || r.drugIds.length === 0));
    expect(await fileNames({ filterModel: { assays: { filterType: 'set', values: ['PD-L1'] } } })).toEqual(
      expected((r) => r.assays.some((a) => a.marker === 'PD-L1')),
    );
    expect(await fileNames({ filterModel: { indicationV2: { filterType: 'set', values: [] } } })).toEqual([]);
  });

  it('conditions joined by AND/OR, and the older condition1/condition2 form', async () => {
    const or = expected((r) => r.fileName.startsWith('S01') || r.fileName.startsWith('S02'));
    const conditions = [
      { filterType: 'text', type: 'startsWith', filter: 'S01' },
      { filterType: 'text', type: 'startsWith', filter: 'S02' },
    ];
    expect(
      await fileNames({ filterModel: { fileName: { filterType: 'text', operator: 'OR', conditions } } }),
    ).toEqual(or);
    expect(
      await fileNames({
        filterModel: {
          fileName: {
            filterType: 'text',
            operator: 'OR',
            condition1: conditions[0],
            condition2: conditions[1],
          },
        },
      }),
    ).toEqual(or);
    expect(
      await fileNames({
        filterModel: {
          fileName: { filterType: 'text', operator: 'OR', conditions },
          indicationV2: { filterType: 'set', values: ['NSCLC'] },
        },
      }),
    ).toEqual(
      expected(
        (r) => (r.fileName.startsWith('S01') || r.fileName.startsWith('S02')) && r.indicationV2 === 'NSCLC',
      ),
    );
  });

  it('global search text looks in file names, block ids, study ids and markers', async () => {
    expect(await fileNames({ globalSearchText: 'GO40002' })).toEqual(
      expected((r) => r.studyId === 'GO40002'),
    );
    expect(await fileNames({ globalSearchText: 'pd-l1' })).toEqual(
      expected((r) => r.assays.some((a) => a.marker === 'PD-L1')),
    );
  });

  it('sorts by several columns; blanks first ascending and last descending', async () => {
    const res = await grid({ sortModel: [{ colId: 'hScore', sort: 'desc' }] });
    const scores = res.json().data.map((r: { hScore: number | null }) => r.hScore);
    expect(scores).toEqual([
      ...data
        .map((r) => r.hScore)
        .filter((s) => s !== null)
        .sort((a, b) => b! - a!),
      ...data.filter((r) => r.hScore === null).map(() => null),
    ]);
    const multi = await grid({
      sortModel: [
        { colId: 'indicationV2', sort: 'asc' },
        { colId: 'fileName', sort: 'desc' },
      ],
    });
    const got = multi
      .json()
      .data.map((r: { indicationV2: string | null; fileName: string }) => [r.indicationV2, r.fileName]);
    const want = data
      .map((r) => [r.indicationV2, r.fileName] as const)
      .sort((a, b) =>
        a[0] === b[0]
          ? a[1] < b[1]
            ? 1
            : -1
          : a[0] === null
            ? -1
            : b[0] === null
              ? 1
              : a[0] < b[0]
                ? -1
                : 1,
      );
    expect(got).toEqual(want);
  });

  it('pages through every row in blocks with the same result as one request (keyset paging)', async () => {
    for (const sortModel of [
      [{ colId: 'hScore', sort: 'asc' }],
      [{ colId: 'hScore', sort: 'desc' }],
      [
        { colId: 'blockId', sort: 'asc' },
        { colId: 'fileName', sort: 'asc' },
      ],
    ]) {
      const whole = (await grid({ sortModel, endRow: 40 })).json().data.map((r: { id: string }) => r.id);
      const paged: string[] = [];
      for (let start = 0; start < 40; start += 7)
        paged.push(
          ...(await grid({ sortModel, startRow: start, endRow: start + 7 }))
            .json()
            .data.map((r: { id: string }) => r.id),
        );
      expect(paged).toEqual(whole);
      // A jump to a later block after the first ones were read.
      const jump = (await grid({ sortModel, startRow: 30, endRow: 37 }))
        .json()
        .data.map((r: { id: string }) => r.id);
      expect(jump).toEqual(whole.slice(30, 37));
    }
  });

  it('groups rows with child counts at any depth, blanks as a null key', async () => {
    const rowGroupCols = [{ id: 'indicationV2' }, { id: 'blockId' }];
    const top = (await grid({ rowGroupCols })).json();
    expect(top.rowCount).toBe(4);
    expect(top.filteredSlideCount).toBe(40);
    expect(top.data).toEqual([
      { indicationV2: null, childCount: 10, isGroup: true },
      { indicationV2: 'Breast cancer', childCount: 10, isGroup: true },
      { indicationV2: 'Melanoma', childCount: 10, isGroup: true },
      { indicationV2: 'NSCLC', childCount: 10, isGroup: true },
    ]);
    const second = (await grid({ rowGroupCols, groupKeys: ['NSCLC'] })).json();
    const nsclc = data.filter((r) => r.indicationV2 === 'NSCLC');
    expect(second.filteredSlideCount).toBe(10);
    expect(
      second.data.map((g: { blockId: string | null; childCount: number }) => [g.blockId, g.childCount]),
    ).toEqual(
      [...new Set(nsclc.map((r) => r.blockId))]
        .sort((a, b) => (a === null ? -1 : b === null ? 1 : a < b ? -1 : 1))
        .map((b) => [b, nsclc.filter((r) => r.blockId === b).length]),
    );
    const leaves = await fileNames({ rowGroupCols, groupKeys: ['NSCLC', null] });
    expect(leaves).toEqual(expected((r) => r.indicationV2 === 'NSCLC' && r.blockId === null));
    const withAvg = (
      await grid({
        rowGroupCols: [{ id: 'indicationV2' }],
        groupKeys: [],
        valueCols: [{ id: 'hScore', aggFunc: 'max' }],
      })
    ).json();
    expect(withAvg.data[3]).toMatchObject({
      indicationV2: 'NSCLC',
      max_hScore: Math.max(...nsclc.map((r) => r.hScore ?? 0)),
    });
  });

  it('set-filter values under the other filters, its own filter left out', async () => {
    const values = async (field: string, filterModel: object = {}) => {
      const res = await t().request(member, {
        method: 'POST',
        url: `/v1/projects/${projectId}/slides/filter-values`,
        payload: { field, filterModel },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().values;
    };
    expect(await values('indicationV2', { indicationV2: { filterType: 'set', values: ['NSCLC'] } })).toEqual([
      null,
      'Breast cancer',
      'Melanoma',
      'NSCLC',
    ]);
    expect(
      await values('indicationV2', { fileName: { filterType: 'text', type: 'contains', filter: 'Tumor' } }),
    ).toEqual(
      [...new Set(data.filter((r) => r.fileName.includes('Tumor')).map((r) => r.indicationV2))].sort(
        (a, b) => (a === null ? -1 : b === null ? 1 : a < b ? -1 : 1),
      ),
    );
    expect(await values('drugIds')).toEqual([null, 'Atezolizumab', 'Placebo']);
    expect(await values('assays')).toEqual([null, 'CD3', 'DAPI', 'PD-L1']); // even rows carry channels: CD3 or PD-L1, and DAPI
    expect(await values('imageQcPass')).toEqual([null, false, true]);
  });

  it('refuses unknown fields, wrong filter types, pivoting and oversized requests; input text never becomes SQL', async () => {
    const refused = async (body: object, message: RegExp) => {
      const res = await grid(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    await refused(
      {
        filterModel: {
          'file_name; DROP TABLE slides': { filterType: 'text', type: 'contains', filter: 'x' },
        },
      },
      /Unknown field/,
    );
    await refused(
      { filterModel: { hScore: { filterType: 'text', type: 'contains', filter: '1' } } },
      /takes a number filter/,
    );
    await refused(
      JSON.parse(
        '{"filterModel":{"__proto__":{"filterType":"text","type":"contains","filter":"x"}}}',
      ) as object,
      /not valid JSON/,
    ); // Fastify refuses __proto__ keys outright
    await refused({ sortModel: [{ colId: 'drugIds', sort: 'asc' }] }, /cannot be sorted/);
    await refused({ rowGroupCols: [{ id: 'assays' }] }, /cannot be grouped/);
    await refused({ pivotMode: true, pivotCols: [{ id: 'blockId' }] }, /Pivoting is not supported/);
    await refused({ startRow: 0, endRow: 20_000 }, /at most 10000 rows/);
    await refused(
      {
        filterModel: {
          indicationV2: { filterType: 'set', values: Array.from({ length: 10_001 }, (_, i) => `v${i}`) },
        },
      },
      /./,
    );
    // SQL in values is only ever a value.
    expect(
      await fileNames({
        filterModel: { fileName: { filterType: 'text', type: 'contains', filter: "x' OR 1=1 --" } },
      }),
    ).toEqual([]);
    expect(
      await fileNames({ filterModel: { indicationV2: { filterType: 'set', values: ["NSCLC' OR '1'='1"] } } }),
    ).toEqual([]);
    expect((await grid({})).json().filteredSlideCount).toBe(40); // nothing changed
  });

  it('QC table: slide group rows with channel counts, then a slide’s channel rows; a sort by id becomes fileName', async () => {
    const qc = async (body: object) => {
      const res = await t().request(member, {
        method: 'POST',
        url: `/v1/projects/${projectId}/slides/qc-grid`,
        payload: { startRow: 0, endRow: 100, ...body },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const withChannels = data.filter((r) => r.assays.length > 0);
    const groups = await qc({ rowGroupCols: [{ id: 'fileName' }] });
    expect(groups.rowCount).toBe(withChannels.length);
    expect(groups.filteredSlideCount).toBe(withChannels.length * 2);
    expect(groups.data[0]).toEqual({ fileName: withChannels[0]!.fileName, childCount: 2, isGroup: true });
    const channels = await qc({
      rowGroupCols: [{ id: 'fileName' }],
      groupKeys: [withChannels[0]!.fileName],
      sortModel: [{ colId: 'id', sort: 'asc' }],
    });
    expect(channels.data).toEqual([
      expect.objectContaining({
        fileName: withChannels[0]!.fileName,
        channel: 1,
        marker: 'CD3',
        qcSlideChannelPass: null,
        slideId: ids[0],
      }),
      expect.objectContaining({ channel: 2, marker: 'DAPI' }),
    ]);
    const filtered = await qc({ filterModel: { marker: { filterType: 'set', values: ['PD-L1'] } } });
    expect(filtered.data.map((r: { marker: string }) => r.marker)).toEqual(
      withChannels.filter((r) => r.assays[0]!.marker === 'PD-L1').map(() => 'PD-L1'),
    );
  });

  it('vocabularies: everyone reads them, administrators add and deprecate values', async () => {
    const admin = await t().createUser({ systemRoles: ['portalDataAdmin'] });
    const list = await t().request(member, { method: 'GET', url: '/v1/vocabularies' });
    expect(list.statusCode).toBe(200);
    expect(list.json().find((v: { name: string }) => v.name === 'markers').values).toContainEqual({
      value: 'PD-L1',
      parent: null,
      deprecatedSince: null,
    });
    const add = (user: TestUser, payload: object) =>
      t().request(user, { method: 'POST', url: '/v1/vocabularies/markers/values', payload });
    expect((await add(member, { value: 'CD39' })).statusCode).toBe(403);
    expect((await add(admin, { value: 'CD39' })).statusCode).toBe(201);
    expect((await add(admin, { value: 'CD39' })).statusCode).toBe(409);
    expect((await add(admin, { value: '   ' })).statusCode).toBe(400);
    expect(
      (
        await t().request(admin, {
          method: 'POST',
          url: '/v1/vocabularies/unknownVocabulary/values',
          payload: { value: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    const deprecate = await t().request(admin, {
      method: 'PATCH',
      url: '/v1/vocabularies/markers/values',
      payload: { value: 'CD39', deprecatedSince: '2026-01-01' },
    });
    expect(deprecate.json()).toEqual({ value: 'CD39', parent: null, deprecatedSince: '2026-01-01' });
    const fields = (
      await t().request(member, { method: 'GET', url: `/v1/projects/${projectId}/fields/assayPopupEditor` })
    ).json() as { fieldName: string; allowedValues: unknown[] | null }[];
    expect(fields.find((f) => f.fieldName === 'marker')!.allowedValues).toContainEqual({
      value: 'CD39',
      parent: null,
      deprecatedSince: '2026-01-01',
    });
    expect(
      (
        await t().request(admin, {
          method: 'PATCH',
          url: '/v1/vocabularies/markers/values',
          payload: { value: 'CD40', deprecatedSince: null },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('only the project’s members read its table', async () => {
    const stranger = await t().createUser();
    expect((await grid({}, stranger)).statusCode).toBe(404);
    expect((await grid({}, null)).statusCode).toBe(401);
  });

  it('serves the field descriptors of each table id with the vocabularies', async () => {
    const res = await t().request(member, {
      method: 'GET',
      url: `/v1/projects/${projectId}/fields/slideMetadataView`,
    });
    expect(res.statusCode).toBe(200);
    const fields = res.json() as {
      fieldName: string;
      allowedValues: { value: string; parent: string | null; deprecatedSince: string | null }[] | null;
      columnType: string;
    }[];
    const byName = new Map(fields.map((f) => [f.fieldName, f]));
    expect(byName.get('indicationV2')!.allowedValues!.map((v) => v.value)).toContain('NSCLC');
    expect(byName.get('indicationSubtypeV2')!.allowedValues).toContainEqual({
      value: 'Adenocarcinoma',
      parent: 'NSCLC',
      deprecatedSince: null,
    });
    expect(byName.get('scanner')!.allowedValues).toContainEqual({
      value: 'Aperio AT2',
      parent: null,
      deprecatedSince: '2024-01-01',
    });
    expect(byName.get('blockId')!.allowedValues).toBeNull();
    expect(new Set(fields.map((f) => f.columnType)).size).toBe(17); // every column group of spec 1 §3
    const qc = (
      await t().request(member, {
        method: 'GET',
        url: `/v1/projects/${projectId}/fields/qcSlideMetadataView`,
      })
    ).json() as { fieldName: string }[];
    expect(qc.map((f) => f.fieldName)).toEqual([
      'fileName',
      'channel',
      'marker',
      'chromogenFluorophores',
      'primaryAntibody',
      'secondaryAntibody',
      'qcSlideChannelPass',
      'qcSlideChannelComment',
      'qcSlideChannelFreetext',
    ]);
    expect(
      (await t().request(member, { method: 'GET', url: `/v1/projects/${projectId}/fields/unknownTable` }))
        .statusCode,
    ).toBe(400);
  });
});
