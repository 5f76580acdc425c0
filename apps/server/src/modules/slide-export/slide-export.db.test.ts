/**
 * The exports through the API (spec 1 §9, issue #5), on both databases: the metadata CSV of the filtered
 * rows and requested columns (';', escaped), the IDO CSV and the pyportal config (slides without a file
 * skipped and counted), the counts in the headers, and each export behind its permissions.
 */
import { beforeAll, expect, it } from 'vitest';
import { parseCsv } from '@tessera/domain';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { insertTestSlides } from '../../../test/slides.fixtures.ts';
import { insertProjectField } from '../slides/project-fields.queries.ts';

describeEachDialect('slide exports', (t) => {
  let writer: TestUser;
  let viewer: TestUser;
  let projectId: string;
  let ids: string[];
  const exportOf = (format: string, body: object = {}, user: TestUser = writer) =>
    t().request(user, {
      method: 'POST',
      url: `/v1/projects/${projectId}/slides/export/${format}`,
      payload: body,
    });

  beforeAll(async () => {
    writer = await t().createUser();
    viewer = await t().createUser();
    projectId = (
      await t().createProject({
        name: 'Export Study',
        members: [
          { user: writer, role: 'projectWrite' },
          { user: viewer, role: 'projectViewOnly' },
        ],
      })
    ).id;
    ids = await insertTestSlides(t().ctx.db, projectId, [
      {
        fileName: 'A.svs',
        blockId: '=HYPERLINK("x")',
        studyId: 'GO1',
        indicationV2: 'NSCLC',
        assays: [
          { channel: 1, marker: 'CD3' },
          { channel: 2, marker: 'PD-L1' },
        ],
        drugIds: ['Placebo', 'Atezolizumab'],
      },
      { fileName: 'B.svs', blockId: 'B-2', studyId: 'GO1', indicationV2: 'Melanoma', hScore: -3 },
      { fileName: 'C.svs', blockId: 'B-3; "three"', studyId: 'GO2', indicationV2: 'NSCLC' },
    ]);
    // C has no file: the IDO CSV and the pyportal config leave it out.
    await t()
      .ctx.db.updateTable('slides')
      .set({ status: 'metadata only' })
      .where('id', '=', ids[2]!)
      .execute();
    await t()
      .ctx.db.updateTable('images')
      .set({ storage_paths: JSON.stringify(['/share/study/A.svs']) })
      .where(
        'id',
        '=',
        (
          await t()
            .ctx.db.selectFrom('slides')
            .select('image_id')
            .where('id', '=', ids[0]!)
            .executeTakeFirstOrThrow()
        ).image_id,
      )
      .execute();
  });

  it('writes the filtered rows with the requested columns, escaped, in the table’s sort', async () => {
    const res = await exportOf('metadata-csv', {
      filterModel: { indicationV2: { filterType: 'set', values: ['NSCLC'] } },
      sortModel: [{ colId: 'fileName', sort: 'desc' }],
      fields: ['fileName', 'blockId', 'assays', 'drugIds'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Export Study_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.headers['x-export-total']).toBe('2');
    expect(res.headers['x-export-skipped']).toBe('0');
    expect(parseCsv(res.body, ';').map((r) => r.cells)).toEqual([
      ['File Name', 'Block ID', 'Assays', 'Drug IDs'],
      ['C.svs', 'B-3; "three"', '', ''],
      ['A.svs', `'=HYPERLINK("x")`, 'CD3-PD-L1', 'Placebo, Atezolizumab'],
    ]);
  });

  it('the IDO CSV and the pyportal config list the slides with files and count the others as skipped', async () => {
    const ido = await exportOf('ido-csv', { sortModel: [{ colId: 'fileName', sort: 'asc' }] });
    expect(ido.statusCode, ido.body).toBe(200);
    expect(ido.headers['content-disposition']).toContain('filename="Export Study_ido.csv"');
    expect([ido.headers['x-export-total'], ido.headers['x-export-skipped']]).toEqual(['3', '1']);
    const rows = parseCsv(ido.body, ',').map((r) => r.cells);
    expect(rows[0]).toEqual([
      'FileName',
      'ImageName',
      'MarkerName',
      'CaseName',
      'Indication',
      'FileExt',
      'ImagePath',
    ]);
    expect(rows.slice(1)).toEqual([
      ['GO1', 'A.svs', 'CD3-PD-L1', `'=HYPERLINK("x")`, 'NSCLC', 'svs', '/share/study'],
      ['GO1', 'B.svs', '', 'B-2', 'Melanoma', 'svs', ''],
    ]);

    const yaml = await exportOf('pyportal-config', { sortModel: [{ colId: 'fileName', sort: 'asc' }] });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.headers['content-disposition']).toContain('filename="downloadConfig - Export Study.yaml"');
    expect(yaml.body).toBe(`project_id: "${projectId}"\nslide_ids:\n  - "${ids[0]}"\n  - "${ids[1]}"\n`);
    const none = await exportOf('pyportal-config', {
      filterModel: { fileName: { filterType: 'text', type: 'equals', filter: 'C.svs' } },
    });
    expect(none.body).toBe(`project_id: "${projectId}"\nslide_ids: []\n`);
    expect(none.headers['x-export-skipped']).toBe('1');
  });

  it('field names from data never meet Object.prototype: `constructor` and `toString` are refused as new fields, and an existing one exports whole', async () => {
    const admin = await t().createUser({ systemRoles: ['systemSuperUser'] });
    for (const fieldName of ['constructor', 'toString', 'hasOwnProperty']) {
      const res = await t().request(admin, {
        method: 'POST',
        url: `/v1/projects/${projectId}/project-fields`,
        payload: { fieldName, headerName: fieldName, primaryType: 'string', group: 'studyInfo' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`The field name '${fieldName}' is reserved`);
    }
    // A field of that name made before the rule (straight into the table): no row inherits a value for it.
    await insertProjectField(t().ctx.db, projectId, {
      fieldName: 'constructor',
      headerName: 'Constructor',
      primaryType: 'string',
      group: 'studyInfo',
    });
    try {
      const res = await exportOf('metadata-csv', {
        sortModel: [{ colId: 'fileName', sort: 'asc' }],
        fields: ['fileName', 'constructor'],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(parseCsv(res.body, ';').map((r) => r.cells)).toEqual([
        ['File Name', 'Constructor'],
        ['A.svs', ''],
        ['B.svs', ''],
        ['C.svs', ''],
      ]);
      const grid = await t().request(writer, {
        method: 'POST',
        url: `/v1/projects/${projectId}/slides/grid`,
        payload: { sortModel: [{ colId: 'fileName', sort: 'asc' }] },
      });
      expect(grid.body).not.toContain('native code');
    } finally {
      await t()
        .ctx.db.deleteFrom('project_fields')
        .where('project_id', '=', projectId)
        .where('field_name', '=', 'constructor')
        .execute();
    }
  });

  it('needs slideMetadataExport and the format’s own permission; unknown columns are refused', async () => {
    // projectViewOnly: slideMetadataExport and exportCsv, not exportIdo or exportPyportalConfig.
    expect((await exportOf('metadata-csv', {}, viewer)).statusCode).toBe(200);
    expect((await exportOf('ido-csv', {}, viewer)).statusCode).toBe(403);
    expect((await exportOf('pyportal-config', {}, viewer)).statusCode).toBe(403);
    const unknown = await exportOf('metadata-csv', { fields: ['fileName', 'nope'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: expect.any(String), message: "Unknown field 'nope'" });
  });
});
