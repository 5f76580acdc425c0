/**
 * QC metadata presets through the API (spec 3 §2 "QC tab") on both databases: the six presets with their
 * defaults, saving and resetting a preset's fields, 'All metadata' following the project's fields, who may
 * change them, and input that writes nothing.
 */
import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_PRESET_FIELDS, MAX_PRESET_FIELDS, SLIDE_FIELDS } from '@tessera/domain';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';

const FIXED = SLIDE_FIELDS.map((f) => f.fieldName);

describeEachDialect('metadata presets', (t) => {
  let admin: TestUser;
  let writer: TestUser;
  let reader: TestUser;
  let outsider: TestUser;
  let projectId: string;
  let otherProjectId: string;

  const url = (project = projectId, preset?: string) =>
    `/v1/projects/${project}/metadata-presets${preset ? `/${preset}` : ''}`;
  const list = (user: TestUser = reader, project = projectId) =>
    t().request(user, { method: 'GET', url: url(project) });
  const save = (preset: string, payload: unknown, user: TestUser = writer, project = projectId) =>
    t().request(user, { method: 'PUT', url: url(project, preset), payload: payload as object });
  const reset = (preset: string, user: TestUser = writer, project = projectId) =>
    t().request(user, { method: 'DELETE', url: url(project, preset) });
  const presetOf = async (id: string, project = projectId, user: TestUser = reader) =>
    ((await list(user, project)).json() as { presets: { id: string }[] }).presets.find((p) => p.id === id);
  const rowsOf = (project = projectId) =>
    t()
      .ctx.db.selectFrom('metadata_presets')
      .selectAll()
      .where('project_id', '=', project)
      .orderBy('preset_id')
      .execute();

  beforeAll(async () => {
    admin = await t().createUser();
    writer = await t().createUser();
    reader = await t().createUser();
    outsider = await t().createUser();
    projectId = (
      await t().createProject({
        members: [
          { user: admin, role: 'projectAdmin' },
          { user: writer, role: 'projectWrite' },
          { user: reader, role: 'projectRead' },
        ],
      })
    ).id;
    otherProjectId = (await t().createProject({ members: [{ user: outsider, role: 'projectAdmin' }] })).id;
    const added = await t().request(admin, {
      method: 'POST',
      url: `/v1/projects/${projectId}/project-fields`,
      payload: {
        fieldName: 'qcReviewer',
        headerName: 'QC Reviewer',
        primaryType: 'string',
        group: 'resultsQc',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
  });

  it('lists the six presets with their default fields; All metadata is every field of the project', async () => {
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const { presets } = res.json() as { presets: unknown[] };
    expect(presets).toEqual([
      {
        id: 'all',
        name: 'All metadata',
        fields: [...FIXED, 'qcReviewer'],
        isEditable: false,
        isCustomized: false,
      },
      ...(
        [
          ['minimal', 'Minimal Preset'],
          ['cpmIncomingInspection', 'CPM: Incoming Inspection'],
          ['cpmResultsVqc', 'CPM: Results vQC'],
          ['pmbAppValidation', 'PMB: App Validation'],
          ['tpRealTimeQc', 'TP: Real-Time QC'],
        ] as const
      ).map(([id, name]) => ({
        id,
        name,
        fields: [...DEFAULT_PRESET_FIELDS[id]],
        isEditable: true,
        isCustomized: false,
      })),
    ]);
    expect(await rowsOf()).toEqual([]);
  });

  it('saves a preset’s fields in their order, project fields included, for this project only', async () => {
    const fields = ['qcReviewer', 'blockId', 'organ', 'scanMagnification'];
    const saved = await save('tpRealTimeQc', { fields });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      id: 'tpRealTimeQc',
      name: 'TP: Real-Time QC',
      fields,
      isEditable: true,
      isCustomized: true,
    };
    expect(saved.json()).toEqual(expected);
    expect(await presetOf('tpRealTimeQc')).toEqual(expected);
    const rows = await rowsOf();
    expect(rows).toEqual([expect.objectContaining({ preset_id: 'tpRealTimeQc', updated_by: writer.id })]);
    expect(JSON.parse(rows[0]!.fields)).toEqual(fields);
    // Saved again, it is replaced, not added.
    expect((await save('tpRealTimeQc', { fields: ['blockId'] })).json().fields).toEqual(['blockId']);
    expect(await rowsOf()).toHaveLength(1);
    // Another project keeps its defaults.
    expect((await presetOf('tpRealTimeQc', otherProjectId, outsider))!).toMatchObject({
      fields: [...DEFAULT_PRESET_FIELDS.tpRealTimeQc],
      isCustomized: false,
    });
  });

  it('resets a preset to its default; saving the default list is a reset too', async () => {
    await save('cpmResultsVqc', { fields: ['blockId', 'resultsQcPass'] });
    const res = await reset('cpmResultsVqc');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      fields: [...DEFAULT_PRESET_FIELDS.cpmResultsVqc],
      isCustomized: false,
    });
    expect((await rowsOf()).map((r) => r.preset_id)).not.toContain('cpmResultsVqc');
    // Resetting a preset at its default answers it as it is.
    expect((await reset('cpmResultsVqc')).statusCode).toBe(200);

    await save('minimal', { fields: ['blockId'] });
    const back = await save('minimal', { fields: [...DEFAULT_PRESET_FIELDS.minimal] });
    expect(back.json()).toMatchObject({ isCustomized: false });
    expect((await rowsOf()).map((r) => r.preset_id)).not.toContain('minimal');
  });

  it('refuses to change or reset All metadata', async () => {
    for (const res of [await save('all', { fields: ['blockId'] }, admin), await reset('all', admin)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'METADATA_PRESET_NOT_EDITABLE',
        message: "'All metadata' always shows every field of the project and cannot be changed",
      });
    }
  });

  it('lets only holders of slideMetadataManage change presets; members read them; others see no project', async () => {
    const before = await rowsOf();
    for (const res of [
      await save('minimal', { fields: ['blockId'] }, reader),
      await reset('minimal', reader),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    // A member of another project: this project is not there for them, whatever they hold elsewhere.
    const foreign = await save('minimal', { fields: ['blockId'] }, outsider);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('PROJECT_NOT_FOUND');
    expect((await list(outsider)).statusCode).toBe(404);
    expect((await t().request(null, { method: 'GET', url: url() })).statusCode).toBe(401);
    expect(await rowsOf()).toEqual(before);
  });

  it('refuses fields the project does not have, including another project’s own fields', async () => {
    await t().request(outsider, {
      method: 'POST',
      url: `/v1/projects/${otherProjectId}/project-fields`,
      payload: { fieldName: 'cohort', headerName: 'Cohort', primaryType: 'string', group: 'studyInfo' },
    });
    const before = await rowsOf();
    const cases: [unknown, string][] = [
      [{ fields: ['blockId', 'cohort'] }, "The project has no field 'cohort'"],
      [{ fields: ['anatomicLocation'] }, "The project has no field 'anatomicLocation'"],
      [{ fields: ['constructor'] }, "The project has no field 'constructor'"],
      [{ fields: ['blockId', 'organ', 'blockId'] }, "The field 'blockId' is listed twice"],
      [{ fields: [] }, 'Choose at least one field'],
    ];
    for (const [payload, message] of cases) {
      const res = await save('minimal', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message });
    }
    // The other project accepts its own field.
    expect((await save('minimal', { fields: ['cohort'] }, outsider, otherProjectId)).statusCode).toBe(200);
    expect(await rowsOf()).toEqual(before);
  });

  it('refuses hostile input with 4xx {code, message} and writes nothing', async () => {
    const before = await rowsOf();
    const bad = async (payload: unknown, preset = 'minimal', status = 400) => {
      const res = await save(preset, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(status);
      expect(res.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    };
    await bad({ fields: ['block\u0000Id'] });
    await bad({ fields: ['blockId\u001b[31m'] });
    await bad({ fields: ['x'.repeat(101)] });
    await bad({ fields: Array.from({ length: MAX_PRESET_FIELDS + 1 }, (_, i) => `f${i}`) });
    await bad({ fields: Array(20_000).fill('blockId') }, 'minimal', 413);
    await bad({ fields: [['blockId']] });
    await bad({ fields: [{ fieldName: 'blockId' }] });
    await bad({ fields: [null] });
    await bad({ fields: 'blockId' });
    await bad({ fields: ['blockId'], extra: { nested: [1, 2, 3] } });
    const poisoned = await t().request(writer, {
      method: 'PUT',
      url: url(projectId, 'minimal'),
      headers: { 'content-type': 'application/json' },
      payload: '{"fields":["blockId"],"__proto__":{"isAdmin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    await bad([]);
    await bad({ fields: ['blockId'] }, 'everything');
    await bad({ fields: ['blockId'] }, '__proto__');
    expect((await reset('everything')).statusCode).toBe(400);
    // A project id that is none is refused by the guard, before anything is read.
    const noProject = await t().request(writer, { method: 'GET', url: url('not-an-id') });
    expect([noProject.statusCode, noProject.json().code]).toEqual([404, 'PROJECT_NOT_FOUND']);
    expect(await rowsOf()).toEqual(before);
  });

  it('shows the default of a stored list it cannot read, and leaves out fields the project lost', async () => {
    const insert = (presetId: string, fields: string) =>
      t()
        .ctx.db.insertInto('metadata_presets')
        .values({
          project_id: projectId,
          preset_id: presetId,
          fields,
          updated_by: null,
          updated_at: '2026-01-01T00:00:00.000Z',
        })
        .onConflict((oc) => oc.columns(['project_id', 'preset_id']).doUpdateSet({ fields }))
        .execute();
    await insert('pmbAppValidation', '{"fields": 7');
    expect(await presetOf('pmbAppValidation')).toMatchObject({
      fields: [...DEFAULT_PRESET_FIELDS.pmbAppValidation],
      isCustomized: false,
    });
    await insert('pmbAppValidation', JSON.stringify(['blockId', 'droppedField', 'qcReviewer']));
    expect(await presetOf('pmbAppValidation')).toMatchObject({
      fields: ['blockId', 'qcReviewer'],
      isCustomized: true,
    });
  });
});
