/**
 * Annotation sets on both databases: create, list and rename under the name rule (spec 2 §5), roles,
 * other projects' slides and sets, versions made in O(1) and read back as they were, and QuPath GeoJSON
 * in and out — a round trip gives the same collection back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@tessera/contract';
import {
  ANNOTATION_SET_MESSAGES,
  CELL_MARKERS_MEDIA_TYPE,
  decodeCellMarkers,
  decodeRegions,
  GEOMETRY_MESSAGES,
  markerAt,
  regionAt,
  REGIONS_MEDIA_TYPE,
} from '@tessera/domain';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { insertTestSlides } from '../../../test/slides.fixtures.ts';
import { setImageSize } from '../../../test/annotations.fixtures.ts';

const IMAGE = { width: 10_000, height: 8000 };

/** A QuPath 0.5 export: an annotation per kind, one of a class the project lacks, one it cannot read. */
const qupathExport = () => ({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: '6f1f6c58-3c1e-4e56-9c0b-6b9d2a1f0a01',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [100, 100],
            [400.04, 100],
            [400, 300.26],
            [100, 100],
          ],
        ],
      },
      properties: {
        objectType: 'annotation',
        classification: { name: 'Tumor', color: [200, 0, 0] },
        isLocked: true,
        name: 'Region 1',
        measurements: { 'Area µm^2': 1234.5 },
      },
    },
    {
      type: 'Feature',
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [1000, 1000],
              [1100, 1000],
              [1100, 1100],
              [1000, 1000],
            ],
          ],
          [
            [
              [2000, 2000],
              [2100, 2000],
              [2100, 2100],
              [2000, 2000],
            ],
          ],
        ],
      },
      properties: { objectType: 'annotation', classification: { name: 'Necrosis', color: [10, 20, 30] } },
    },
    {
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [500, 500],
          [900, 500],
        ],
      },
      properties: { objectType: 'annotation', classification: { name: 'Stroma' } },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [42.26, 84] },
      properties: { objectType: 'annotation', classification: { name: 'Tumor cell' } },
    },
    { type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[1, 'x']]] }, properties: {} },
  ],
});

describeEachDialect('annotation sets', (t) => {
  let writer: TestUser; // projectWrite: annotationsManage
  let reader: TestUser; // projectRead: not
  let outsider: TestUser;
  let projectId: string;
  let otherProjectId: string;
  let slideId: string;
  let secondSlideId: string;
  let otherSlideId: string;

  const setsUrl = (slide = slideId, project = projectId) =>
    `/v1/projects/${project}/slides/${slide}/annotation-sets`;
  const setUrl = (setId: string, rest = '', project = projectId) =>
    `/v1/projects/${project}/annotation-sets/${setId}${rest}`;
  const createSet = (name: unknown, user = writer, slide = slideId) =>
    t().request(user, { method: 'POST', url: setsUrl(slide), payload: { name } });

  beforeAll(async () => {
    [writer, reader, outsider] = [await t().createUser(), await t().createUser(), await t().createUser()];
    projectId = (
      await t().createProject({
        members: [
          { user: writer, role: 'projectWrite' },
          { user: reader, role: 'projectRead' },
        ],
      })
    ).id;
    otherProjectId = (await t().createProject({ members: [{ user: outsider, role: 'projectDataOwner' }] }))
      .id;
    const db = t().ctx.db;
    const own = await insertTestSlides(db, projectId, [{ fileName: 'a.svs' }, { fileName: 'b.svs' }]);
    [slideId, secondSlideId] = [own[0]!, own[1]!];
    otherSlideId = (await insertTestSlides(db, otherProjectId, [{ fileName: 'other.svs' }]))[0]!;
    await setImageSize(db, [slideId, secondSlideId], IMAGE);
  });

  describe('create, list and rename', () => {
    it('creates a set on a slide and lists it, with its working version and links', async () => {
      const created = await createSet('  Tumour regions ');
      expect(created.statusCode).toBe(201);
      const set = created.json<{ id: string; name: string }>();
      expect(set).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'Tumour regions' });
      const list = await t().request(reader, { method: 'GET', url: setsUrl() });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([
        { id: set.id, name: 'Tumour regions', annotationSetVersion: 1, linkedProjectsCount: 1, versions: [] },
      ]);
      expect((await t().request(reader, { method: 'GET', url: setsUrl(secondSlideId) })).json()).toEqual([]);
    });

    it("refuses names the spec's rule refuses, with its messages, and a name in use on the slide", async () => {
      const refusal = async (name: unknown) => {
        const answer = await createSet(name);
        return { status: answer.statusCode, ...answer.json<{ code: string; message: string }>() };
      };
      expect(await refusal('')).toMatchObject({ status: 400, message: ANNOTATION_SET_MESSAGES.nameRequired });
      expect(await refusal('   ')).toMatchObject({
        status: 400,
        message: ANNOTATION_SET_MESSAGES.nameRequired,
      });
      expect(await refusal('x'.repeat(60))).toMatchObject({
        status: 400,
        message: ANNOTATION_SET_MESSAGES.nameTooLong,
      });
      expect(await refusal('a\u0000b')).toMatchObject({ status: 400 });
      expect(await refusal(['a'])).toMatchObject({ status: 400 });
      expect(await refusal(undefined)).toMatchObject({
        status: 400,
        message: ANNOTATION_SET_MESSAGES.nameRequired,
      });
      expect(await refusal('Tumour regions')).toEqual({
        status: 409,
        code: ERROR_CODES.annotationSetNameInUse,
        message: ANNOTATION_SET_MESSAGES.nameInUse('Tumour regions'),
      });
      expect((await createSet('x'.repeat(59))).statusCode).toBe(201);
      // The same name on another slide is another set.
      expect((await createSet('Tumour regions', writer, secondSlideId)).statusCode).toBe(201);
    });

    it('renames a set; a name in use on its slide is refused and nothing changes', async () => {
      const { id } = (await createSet('Draft')).json<{ id: string }>();
      const rename = (name: string, user = writer) =>
        t().request(user, { method: 'PATCH', url: setUrl(id), payload: { name } });
      expect((await rename('Tumour regions')).statusCode).toBe(409);
      expect((await rename('Stroma', reader)).statusCode).toBe(403);
      const renamed = await rename('Stroma');
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({ id, name: 'Stroma' });
      const names = (await t().request(writer, { method: 'GET', url: setsUrl() })).json<{ name: string }[]>();
      expect(names.map((s) => s.name)).toEqual(['Stroma', 'Tumour regions', 'x'.repeat(59)]);
    });

    it('keeps sets to their project: readers cannot write, other projects neither see nor reach them', async () => {
      expect((await createSet('By a reader', reader)).statusCode).toBe(403);
      // A project the caller is not in is not told apart from a missing one.
      expect((await t().request(outsider, { method: 'GET', url: setsUrl() })).statusCode).toBe(404);
      expect((await t().request(null, { method: 'GET', url: setsUrl() })).statusCode).toBe(401);
      // Another project's slide through this project's path, and this project's set through another's.
      expect((await t().request(writer, { method: 'GET', url: setsUrl(otherSlideId) })).json()).toMatchObject(
        {
          code: 'SLIDE_NOT_FOUND',
        },
      );
      const [set] = (await t().request(writer, { method: 'GET', url: setsUrl() })).json<{ id: string }[]>();
      const foreign = await t().request(outsider, {
        method: 'GET',
        url: setUrl(set!.id, '/features', otherProjectId),
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: ERROR_CODES.annotationSetNotFound });
      expect(
        (await t().request(writer, { method: 'GET', url: setUrl('0'.repeat(24), '/features') })).statusCode,
      ).toBe(404);
      expect(
        (await t().request(writer, { method: 'GET', url: setUrl('not-an-id', '/features') })).statusCode,
      ).toBe(400);
    });
  });

  describe('QuPath GeoJSON and versions', () => {
    let setId: string;
    const importInto = (id: string, collection: unknown, user = writer) =>
      t().request(user, { method: 'POST', url: setUrl(id, '/geojson'), payload: collection as object });
    const exportOf = async (id: string, version?: number) => {
      const answer = await t().request(reader, {
        method: 'GET',
        url: setUrl(id, `/geojson${version ? `?version=${version}` : ''}`),
      });
      expect(answer.statusCode).toBe(200);
      return answer.json<{
        type: string;
        features: { id: string; geometry: unknown; properties: Record<string, unknown> }[];
      }>();
    };

    beforeAll(async () => {
      setId = (await createSet('QuPath', writer, secondSlideId)).json<{ id: string }>().id;
    });

    it('imports every readable feature and says what it skipped', async () => {
      const answer = await importInto(setId, qupathExport());
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        created: 5, // the polygon, the multipolygon's two parts, the line, the point
        skipped: 1,
        messages: [
          GEOMETRY_MESSAGES.invalidReceived('feature 5 has no classification a class can be named by.'),
        ],
      });
      const features = (await t().request(reader, { method: 'GET', url: setUrl(setId, '/features') })).json<{
        features: { id: string; properties: Record<string, unknown> }[];
      }>().features;
      expect(features.map((f) => [f.properties.annotationType, f.properties.annotationClass])).toEqual([
        ['Freehand', 'Tumor'],
        ['Freehand', 'Necrosis'],
        ['Freehand', 'Necrosis'],
        ['Freehand', 'Stroma'],
      ]);
      expect(features[0]!.properties).toMatchObject({
        isLocked: true,
        name: 'Region 1',
        measurements: { 'Area µm^2': 1234.5 },
      });
      const markers = (
        await t().request(reader, { method: 'GET', url: setUrl(setId, '/cell-markers') })
      ).json<{
        features: { geometry: { coordinates: number[] }; properties: unknown }[];
      }>().features;
      expect(markers).toEqual([
        expect.objectContaining({
          geometry: { type: 'Point', coordinates: [42.26, 84] },
          properties: { classes: [{ classId: 'Tumor cell' }] },
        }),
      ]);
    });

    it('exports QuPath GeoJSON with one decimal, class names and colours; importing the export gives it back', async () => {
      const exported = await exportOf(setId);
      expect(exported.type).toBe('FeatureCollection');
      const [polygon] = exported.features;
      expect(polygon!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(polygon!.geometry).toEqual({
        type: 'Polygon',
        coordinates: [
          [
            [100, 100],
            [400, 100],
            [400, 300.3],
            [100, 100],
          ],
        ],
      });
      expect(polygon!.properties).toMatchObject({
        objectType: 'annotation',
        classification: { name: 'Tumor', color: [211, 47, 47] },
        isLocked: true,
        name: 'Region 1',
      });
      // A class the project lacks keeps the classification it came with.
      expect(exported.features[1]!.properties.classification).toEqual({
        name: 'Necrosis',
        color: [10, 20, 30],
      });

      const copy = (await createSet('QuPath copy', writer, secondSlideId)).json<{ id: string }>().id;
      expect((await importInto(copy, exported)).json()).toMatchObject({ created: 5, skipped: 0 });
      const again = await exportOf(copy);
      const withoutIds = (c: typeof exported) =>
        c.features.map(({ geometry, properties }) => ({ geometry, properties }));
      expect(withoutIds(again)).toEqual(withoutIds(exported));
    });

    it('answers the same annotations as typed arrays, whole or by viewport', async () => {
      const binary = async (rest: string) => {
        const answer = await t().request(reader, { method: 'GET', url: setUrl(setId, rest) });
        expect(answer.statusCode).toBe(200);
        return { type: answer.headers['content-type'], bytes: answer.rawPayload };
      };
      const buffer = (bytes: Buffer): ArrayBuffer => Uint8Array.from(bytes).buffer;
      const markers = await binary('/cell-markers/binary');
      expect(markers.type).toBe(CELL_MARKERS_MEDIA_TYPE);
      const decodedMarkers = decodeCellMarkers(buffer(markers.bytes));
      expect(markerAt(decodedMarkers, 0)).toMatchObject({
        x: 42.26,
        y: 84,
        classes: [{ classId: 'Tumor cell' }],
      });
      const json = (await t().request(reader, { method: 'GET', url: setUrl(setId, '/features') })).json<{
        features: {
          id: string;
          geometry: unknown;
          properties: { annotationClass: string; isLocked: boolean };
        }[];
      }>().features;
      const regions = await binary('/features/binary');
      expect(regions.type).toBe(REGIONS_MEDIA_TYPE);
      const decoded = decodeRegions(buffer(regions.bytes));
      expect(json.map((_, i) => regionAt(decoded, i))).toEqual(
        json.map((f) => ({
          id: Number(f.id),
          classId: f.properties.annotationClass,
          type: 'Freehand',
          isLocked: f.properties.isLocked,
          geometry: f.geometry,
        })),
      );
      expect(decoded.truncated).toBe(false);
      const corner = decodeRegions(buffer((await binary('/features/binary?bbox=0,0,450,450')).bytes));
      expect([...corner.ids]).toEqual([Number(json[0]!.id)]);

      // A viewport at a level of detail, cut at a limit: the same answer as the JSON read's.
      const query = `bbox=0,0,${IMAGE.width},${IMAGE.height}&detail=centroid&limit=2`;
      const centres = (
        await t().request(reader, { method: 'GET', url: setUrl(setId, `/features?${query}`) })
      ).json<{ features: { id: string; geometry: unknown }[]; truncated: boolean }>();
      expect(centres.truncated).toBe(true);
      const cut = decodeRegions(buffer((await binary(`/features/binary?${query}`)).bytes));
      expect(cut.truncated).toBe(true);
      const byId = (xs: { id: string; geometry: unknown }[]) =>
        [...xs].sort((a, b) => Number(a.id) - Number(b.id));
      const cutRegions = centres.features.map((_, i) => regionAt(cut, i));
      expect(byId(cutRegions.map((r) => ({ id: String(r.id), geometry: r.geometry })))).toEqual(
        byId(centres.features.map(({ id, geometry }) => ({ id, geometry }))),
      );
      expect(cutRegions[0]!.geometry.type).toBe('Point');
      const bad = await t().request(reader, {
        method: 'GET',
        url: setUrl(setId, '/features/binary?detail=outline&limit=0'),
      });
      expect(bad.statusCode).toBe(400);
    });

    it('refuses an import with a feature outside the slide, writing none of it', async () => {
      const before = await exportOf(setId);
      const outside = qupathExport();
      outside.features[2]!.geometry = {
        type: 'LineString',
        coordinates: [
          [500, 500],
          [IMAGE.width + 1, 500],
        ],
      };
      const answer = await importInto(setId, outside);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: ERROR_CODES.annotationOutsideImage });
      expect(await exportOf(setId)).toEqual(before);
      expect((await importInto(setId, qupathExport(), reader)).statusCode).toBe(403);
      expect((await importInto(setId, { type: 'FeatureCollection' })).statusCode).toBe(400);
    });

    it('makes versions in O(1) that read back exactly as they were made', async () => {
      const atVersion1 = await exportOf(setId);
      const made = await t().request(writer, { method: 'POST', url: setUrl(setId, '/versions') });
      expect(made.statusCode).toBe(201);
      expect(made.json()).toEqual({ version: 1 });
      await importInto(setId, qupathExport());
      expect((await exportOf(setId)).features).toHaveLength(10);
      expect(await exportOf(setId, 1)).toEqual(atVersion1);
      expect((await t().request(writer, { method: 'POST', url: setUrl(setId, '/versions') })).json()).toEqual(
        {
          version: 2,
        },
      );
      expect((await exportOf(setId, 2)).features).toHaveLength(10);
      expect(await exportOf(setId, 1)).toEqual(atVersion1);

      const versions = await t().request(reader, {
        method: 'GET',
        url: setUrl(setId, '/versions?pageSize=1'),
      });
      expect(versions.json()).toEqual({
        versions: [{ version: 2, createdAt: expect.any(String), createdBy: writer.id, collections: [] }],
        total: 2,
      });
      const [listed] = (await t().request(reader, { method: 'GET', url: setsUrl(secondSlideId) })).json<
        { name: string; annotationSetVersion: number; versions: unknown[] }[]
      >();
      expect(listed).toMatchObject({ name: 'QuPath', annotationSetVersion: 3 });
      expect(listed!.versions).toHaveLength(2);
      expect(
        (await t().request(reader, { method: 'GET', url: setUrl(setId, '/geojson?version=3') })).statusCode,
      ).toBe(404);
      expect(
        (await t().request(reader, { method: 'GET', url: setUrl(setId, '/geojson?version=-1') })).statusCode,
      ).toBe(400);
      expect(
        (await t().request(reader, { method: 'POST', url: setUrl(setId, '/versions') })).statusCode,
      ).toBe(403);
    });
  });

  it("serves the project's annotation classes, freehand and cell marker apart", async () => {
    const answer = await t().request(reader, {
      method: 'GET',
      url: `/v1/projects/${projectId}/annotation-classes`,
    });
    expect(answer.statusCode).toBe(200);
    const { freehandClasses, cmaClasses } = answer.json<{
      freehandClasses: { classId: string; type: string }[];
      cmaClasses: { classId: string; type: string }[];
    }>();
    expect(freehandClasses.map((c) => c.classId)).toContain('FOV');
    expect(freehandClasses.every((c) => c.type === 'freehand')).toBe(true);
    expect(cmaClasses.length).toBeGreaterThan(0);
    expect(cmaClasses.every((c) => c.type === 'cma')).toBe(true);
  });

  it('replaces the classes for project admins only, ids unique, order kept', async () => {
    const url = `/v1/projects/${projectId}/annotation-classes`;
    const classes = [
      { classId: 'FOV', name: 'Field of view', color: '#00A0FF', type: 'freehand' },
      { classId: 'Necrosis', name: 'Necrosis', color: '#101010', type: 'freehand' },
      { classId: 'Lymphocyte', name: 'Lymphocyte', color: '#2040ff', type: 'cma' },
    ];
    expect((await t().request(writer, { method: 'PUT', url, payload: { classes } })).statusCode).toBe(403);
    const admin = await t().createUser();
    await t()
      .ctx.db.insertInto('project_members')
      .values({
        project_id: projectId,
        user_id: admin.id,
        role: 'projectAdmin',
        created_at: new Date().toISOString(),
      })
      .execute();
    const saved = await t().request(admin, { method: 'PUT', url, payload: { classes } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      freehandClasses: [{ ...classes[0], color: '#00a0ff' }, classes[1]],
      cmaClasses: [classes[2]],
    });
    expect((await t().request(reader, { method: 'GET', url })).json()).toEqual(saved.json());
    for (const bad of [
      [classes[0], classes[0]],
      [],
      [{ ...classes[0], color: 'red' }],
      [{ ...classes[0], classId: 'a\u0000b' }],
      [{ ...classes[0], type: 'raster' }],
    ])
      expect((await t().request(admin, { method: 'PUT', url, payload: { classes: bad } })).statusCode).toBe(
        400,
      );
    expect((await t().request(reader, { method: 'GET', url })).json()).toEqual(saved.json());
  });
});
