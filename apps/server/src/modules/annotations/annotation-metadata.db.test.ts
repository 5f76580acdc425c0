/**
 * Annotation metadata on both databases (spec 3 §2, §5 "Edit Metadata"): read and changed on FOV, ROI
 * and ROI detection annotations, locked ones included; refused on other classes, for readers, for ids
 * not alive in the set and for bodies that are not two one-line texts — each refusal changing nothing;
 * carried by the GeoJSON answers, while a version made before a change keeps the values it had.
 */
import { beforeAll, expect, it } from 'vitest';
import { ERROR_CODES } from '@tessera/contract';
import { ANNOTATION_METADATA_MESSAGES, VIEWER_MESSAGES } from '@tessera/domain';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { annotationProject } from '../../../test/annotations.fixtures.ts';

const IMAGE = { width: 5000, height: 4000 };
type Json = Record<string, unknown>;

const region = (x: number, classId: string, isLocked = false) => ({
  type: 'Feature',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [x, 10],
        [x + 50, 10],
        [x + 50, 60],
        [x, 60],
        [x, 10],
      ],
    ],
  },
  properties: { annotationType: 'Freehand', annotationClass: classId, isLocked },
});

describeEachDialect('annotation metadata', (t) => {
  let writer: TestUser;
  let reader: TestUser;
  let projectId: string;
  let setId: string;
  let ids: Record<'fov' | 'roi' | 'detection' | 'lockedFov' | 'tumor', string>;

  const url = (annotationId: string, set = setId, project = projectId) =>
    `/v1/projects/${project}/annotation-sets/${set}/features/${annotationId}/metadata`;
  const read = (annotationId: string, user = writer) =>
    t().request(user, { method: 'GET', url: url(annotationId) });
  const change = (annotationId: string, payload: unknown, user = writer) =>
    t().request(user, { method: 'PATCH', url: url(annotationId), payload: payload as Json });
  const featuresOf = async (version?: number) =>
    (
      await t().request(writer, {
        method: 'GET',
        url: `/v1/projects/${projectId}/annotation-sets/${setId}/features${version ? `?version=${version}` : ''}`,
      })
    ).json<{ features: { id: string; properties: Json }[] }>().features;

  beforeAll(async () => {
    const made = await annotationProject(t(), [{ fileName: 'metadata.svs' }], IMAGE);
    ({ writer, reader, projectId } = made);
    setId = (
      await t().request(writer, {
        method: 'POST',
        url: `/v1/projects/${projectId}/slides/${made.slideIds[0]}/annotation-sets`,
        payload: { name: 'Metadata' },
      })
    ).json<{ id: string }>().id;
    const created = await t().request(writer, {
      method: 'POST',
      url: `/v1/projects/${projectId}/annotation-sets/${setId}/features`,
      payload: {
        type: 'FeatureCollection',
        features: [
          region(10, 'FOV'),
          region(100, 'ROI'),
          region(200, 'ROI incorrect detection'),
          region(300, 'FOV', true),
          region(400, 'Tumor'),
        ],
      },
    });
    const [fov, roi, detection, lockedFov, tumor] = created
      .json<{ createdAnnotations: { id: string }[] }>()
      .createdAnnotations.map((a) => a.id) as [string, string, string, string, string];
    ids = { fov, roi, detection, lockedFov, tumor };
  });

  it('starts at the defaults and says which annotations can be edited', async () => {
    const answer = await read(ids.fov, reader);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      annotationId: ids.fov,
      annotationClass: 'FOV',
      isEditable: true,
      metadata: { fovPlacementDelivery: null, fovClass: null },
    });
    expect((await read(ids.tumor)).json()).toMatchObject({ annotationClass: 'Tumor', isEditable: false });
  });

  it('sets the fields named on FOV, ROI, detection and locked FOV annotations; a version keeps its values', async () => {
    const version = (
      await t().request(writer, {
        method: 'POST',
        url: `/v1/projects/${projectId}/annotation-sets/${setId}/versions`,
      })
    ).json<{ version: number }>().version;
    for (const id of [ids.fov, ids.roi, ids.detection, ids.lockedFov]) {
      const answer = await change(id, { fovPlacementDelivery: ' Manual ', fovClass: 'Hotspot' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json<{ metadata: Json }>().metadata).toEqual({
        fovPlacementDelivery: 'Manual',
        fovClass: 'Hotspot',
      });
    }
    const cleared = await change(ids.fov, { fovClass: null });
    expect(cleared.json<{ metadata: Json }>().metadata).toEqual({
      fovPlacementDelivery: 'Manual',
      fovClass: null,
    });
    expect((await read(ids.fov)).json<{ metadata: Json }>().metadata).toEqual({
      fovPlacementDelivery: 'Manual',
      fovClass: null,
    });

    const now = new Map((await featuresOf()).map((f) => [f.id, f.properties]));
    expect(now.get(ids.fov)).toMatchObject({ fovPlacementDelivery: 'Manual', annotationClass: 'FOV' });
    expect(now.get(ids.fov)).not.toHaveProperty('fovClass');
    expect(now.get(ids.lockedFov)).toMatchObject({ fovClass: 'Hotspot', isLocked: true });
    const exported = await t().request(writer, {
      method: 'GET',
      url: `/v1/projects/${projectId}/annotation-sets/${setId}/geojson`,
    });
    expect(exported.body).toContain('"fovClass":"Hotspot"');
    for (const feature of await featuresOf(version)) {
      expect(feature.properties).not.toHaveProperty('fovPlacementDelivery');
      expect(feature.properties).not.toHaveProperty('fovClass');
    }
  });

  it('refuses other classes, readers, ids not alive in the set and bad bodies, changing nothing', async () => {
    const tumor = await change(ids.tumor, { fovClass: 'Hotspot' });
    expect(tumor.statusCode).toBe(409);
    expect(tumor.json()).toEqual({
      code: ERROR_CODES.metadataNotEditable,
      message: ANNOTATION_METADATA_MESSAGES.notEditable,
    });
    expect((await change(ids.roi, { fovClass: 'Reader' }, reader)).statusCode).toBe(403);
    const missing = await change('999999', { fovClass: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: VIEWER_MESSAGES.annotationNotFound });
    expect((await read('999999')).statusCode).toBe(404);
    for (const bad of [
      {},
      { fovClass: { nested: { deeper: 'x' } } },
      { fovClass: ['x'] },
      { fovClass: 'nul\u0000' },
      { fovClass: 'line\nbreak' },
      { fovClass: 'x'.repeat(257) },
      { annotationClass: 'Tumor' },
    ])
      expect((await change(ids.roi, bad)).statusCode).toBe(400);
    expect((await change(ids.roi, { fovClass: 'x'.repeat(2_000_000) })).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    for (const badId of ['0', 'abc', '1%00'])
      expect((await t().request(writer, { method: 'GET', url: url(badId) })).statusCode).toBe(400);

    const purged = ids.detection;
    await t().request(writer, {
      method: 'POST',
      url: `/v1/projects/${projectId}/annotation-sets/${setId}/features/purge`,
      payload: { annotationIds: [purged], confirmed: true },
    });
    expect((await change(purged, { fovClass: 'Gone' })).statusCode).toBe(404);

    const other = await annotationProject(t(), [{ fileName: 'other.svs' }], IMAGE);
    const elsewhere = await t().request(other.writer, {
      method: 'PATCH',
      url: url(ids.roi, setId, other.projectId),
      payload: { fovClass: 'Stolen' },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await read(ids.roi)).json<{ metadata: Json }>().metadata).toEqual({
      fovPlacementDelivery: 'Manual',
      fovClass: 'Hotspot',
    });
    expect((await read(ids.tumor)).json<{ metadata: Json }>().metadata).toEqual({
      fovPlacementDelivery: null,
      fovClass: null,
    });
  });
});
