/**
 * Shared filter views through the API (spec 1 §2, §3, §7) on both databases: content-addressed saving,
 * reading back with older filters converted, who may save and read, and input that writes nothing.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { nowIso } from '../../db/dialect.ts';

const TYPE = 'metadata filters config';
const view = {
  globalSearchText: 'lung',
  filterModel: {
    indicationV2: { filterType: 'set', values: ['NSCLC', null] },
    hScore: {
      filterType: 'number',
      operator: 'AND',
      conditions: [{ filterType: 'number', type: 'greaterThan', filter: 100 }],
    },
  },
  columnState: { columns: [{ colId: 'fileName', width: 300, pinned: 'left' }], groups: ['indicationV2'] },
};
const legacyText = {
  filterType: 'text',
  operator: 'OR',
  condition1: { filterType: 'text', type: 'contains', filter: 'B-' },
  condition2: { filterType: 'text', type: 'blank' },
};
const upgradedText = {
  filterType: 'text',
  operator: 'OR',
  conditions: [
    { filterType: 'text', type: 'contains', filter: 'B-' },
    { filterType: 'text', type: 'blank' },
  ],
};

describeEachDialect('shared views', (t) => {
  let sharer: TestUser;
  let reader: TestUser;
  let scientist: TestUser;
  let outsider: TestUser;
  let projectId: string;
  let otherProjectId: string;

  const url = (project = projectId) => `/v1/projects/${project}/shared-views`;
  const save = (payload: unknown, user: TestUser = sharer, project = projectId) =>
    t().request(user, { method: 'POST', url: url(project), payload: payload as object });
  const read = (hash: string, user: TestUser = reader, project = projectId) =>
    t().request(user, { method: 'GET', url: `${url(project)}/${hash}` });
  const rowsOf = async (project = projectId) =>
    t()
      .ctx.db.selectFrom('shared_views')
      .selectAll()
      .where('project_id', '=', project)
      .orderBy('hash')
      .execute();

  beforeAll(async () => {
    sharer = await t().createUser();
    reader = await t().createUser();
    scientist = await t().createUser();
    outsider = await t().createUser();
    projectId = (
      await t().createProject({
        members: [
          { user: sharer, role: 'projectViewOnly' },
          { user: reader, role: 'projectRead' },
          { user: scientist, role: 'projectDataScientist' },
        ],
      })
    ).id;
    otherProjectId = (await t().createProject({ members: [{ user: outsider, role: 'projectAdmin' }] })).id;
  });

  it('saves a view under a content hash: the same view twice is one hash and one row', async () => {
    const first = await save({ type: TYPE, value: view });
    expect(first.statusCode, first.body).toBe(200);
    const { hash } = first.json() as { hash: string };
    expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Keys in another order are the same view.
    const reordered = {
      columnState: view.columnState,
      filterModel: { hScore: view.filterModel.hScore, indicationV2: view.filterModel.indicationV2 },
      globalSearchText: 'lung',
    };
    expect((await save({ value: reordered, type: TYPE })).json()).toEqual({ hash });
    const rows = await rowsOf();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ hash, type: TYPE, created_by: sharer.id });
    // A different view, or the same view in another project, is another hash.
    expect((await save({ type: TYPE, value: { ...view, globalSearchText: 'liver' } })).json().hash).not.toBe(
      hash,
    );
    const elsewhere = await save({ type: TYPE, value: view }, outsider, otherProjectId);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().hash).not.toBe(hash);
  });

  it('lets a member read a view back', async () => {
    const { hash } = (await save({ type: TYPE, value: view })).json() as { hash: string };
    for (const user of [reader, scientist, sharer]) {
      const res = await read(hash, user);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ type: TYPE, value: view });
    }
  });

  it('answers older condition1/condition2 filters as lists of conditions', async () => {
    const hash = 'legacyView_0123456789a';
    const legacy = {
      globalSearchText: '',
      filterModel: { blockId: legacyText, organ: { filterType: 'set', values: ['Lung'] } },
      columnState: null,
    };
    await t()
      .ctx.db.insertInto('shared_views')
      .values({
        hash,
        project_id: projectId,
        type: TYPE,
        value: JSON.stringify(legacy),
        created_by: null,
        created_at: nowIso(),
      })
      .execute();
    const res = await read(hash);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      type: TYPE,
      value: {
        ...legacy,
        filterModel: { blockId: upgradedText, organ: { filterType: 'set', values: ['Lung'] } },
      },
    });
    // Saved in the older form, a view is stored converted and has the hash of its list form.
    const older = (
      await save({ type: TYPE, value: { ...view, filterModel: { blockId: legacyText } } })
    ).json().hash as string;
    const newer = (
      await save({ type: TYPE, value: { ...view, filterModel: { blockId: upgradedText } } })
    ).json().hash as string;
    expect(older).toBe(newer);
    expect((await read(older)).json().value.filterModel).toEqual({ blockId: upgradedText });
  });

  it('answers 422 for a stored view it cannot read, and 404 for an unknown hash', async () => {
    const hash = 'brokenView_0123456789a';
    await t()
      .ctx.db.insertInto('shared_views')
      .values({
        hash,
        project_id: projectId,
        type: TYPE,
        value: '{"filterModel": 7',
        created_by: null,
        created_at: nowIso(),
      })
      .execute();
    const broken = await read(hash);
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toEqual({
      code: 'SHARED_VIEW_UNREADABLE',
      message: `The shared view '${hash}' is stored in a form that cannot be restored`,
    });
    const unknown = await read('A'.repeat(22));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'NOT_FOUND',
      message: `There is no shared view '${'A'.repeat(22)}' in this project`,
    });
  });

  it('keeps a view to its project: another project’s member and a non-member cannot read it', async () => {
    const { hash } = (await save({ type: TYPE, value: view })).json() as { hash: string };
    const viaOtherProject = await read(hash, outsider, otherProjectId);
    expect(viaOtherProject.statusCode).toBe(404);
    expect(viaOtherProject.json().code).toBe('NOT_FOUND');
    const nonMember = await read(hash, outsider);
    expect(nonMember.statusCode).toBe(404);
    expect(nonMember.json().code).toBe('PROJECT_NOT_FOUND');
    expect((await t().request(null, { method: 'GET', url: `${url()}/${hash}` })).statusCode).toBe(401);
  });

  it('lets only holders of exportShareFilters save', async () => {
    const before = await rowsOf();
    const refused = await save({ type: TYPE, value: { ...view, globalSearchText: 'scientist' } }, scientist);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await save({ type: TYPE, value: view }, outsider)).statusCode).toBe(404);
    expect(await rowsOf()).toEqual(before);
  });

  it('refuses bad input with 400 {code, message} and writes nothing', async () => {
    const before = await rowsOf();
    const bad = async (payload: unknown) => {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    };
    await bad({ type: 'annotation config', value: view });
    await bad({ type: TYPE, value: view, extra: true });
    await bad({ type: TYPE, value: { ...view, columnState: { blob: 'x'.repeat(70_000) } } });
    await bad({ type: TYPE, value: { ...view, globalSearchText: 'x'.repeat(201) } });
    await bad({ type: TYPE, value: { ...view, filterModel: { organ: { filterType: 'set' } } } });
    await bad({
      type: TYPE,
      value: { ...view, filterModel: { blockId: { filterType: 'text', type: 'sounds like', filter: 'x' } } },
    });
    await bad({ type: TYPE, value: { ...view, filterModel: [] } });
    await bad({ type: TYPE });
    expect(await rowsOf()).toEqual(before);
    for (const hash of [
      'short',
      'x'.repeat(23),
      `${'a'.repeat(21)}=`,
      encodeURIComponent(`${'a'.repeat(20)}+/`),
    ]) {
      const res = await read(hash);
      expect(res.statusCode, hash).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    }
  });
});
