/**
 * Editing annotations on both databases: batch create, change, purge and lock of region annotations
 * and cell markers, with their refusals (ids not in the set, locked, FOV/ROI confirmation, off the
 * slide, roles) leaving the set as it was; and a property: any sequence of edits followed by their
 * inverses — what the viewer's undo sends — gives the set back exactly, while every version made on the
 * way reads back exactly as it was made.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ERROR_CODES } from '@tessera/contract';
import { ANNOTATION_SET_MESSAGES, decodeCellMarkers, markerAt } from '@tessera/domain';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { annotationProject } from '../../../test/annotations.fixtures.ts';

const IMAGE = { width: 5000, height: 4000 };

type Json = Record<string, unknown>;
interface Region {
  id: string;
  geometry: { type: string; coordinates: unknown };
  properties: Json & { annotationClass: string; isLocked: boolean };
}
interface Marker {
  id: string;
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: { classes: { classId: string; rating?: string }[] };
}

const square = (x: number, y: number, side = 50) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + side, y],
      [x + side, y + side],
      [x, y + side],
      [x, y],
    ],
  ],
});
const region = (x: number, y: number, classId = 'Tumor', extra: Json = {}) => ({
  type: 'Feature',
  geometry: square(x, y),
  properties: { annotationType: 'Freehand', annotationClass: classId, ...extra },
});
const marker = (x: number, y: number, classId = 'Tumor cell', rating = 'positive') => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [x, y] },
  properties: { classes: [{ classId, rating }] },
});
const collection = (features: unknown[]) => ({ type: 'FeatureCollection', features });

describeEachDialect('annotation edits', (t) => {
  let writer: TestUser;
  let reader: TestUser;
  let projectId: string;
  let slideId: string;

  const url = (setId: string, rest: string) => `/v1/projects/${projectId}/annotation-sets/${setId}${rest}`;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    setId: string,
    rest: string,
    payload?: unknown,
    user = writer,
  ) =>
    t().request(user, {
      method,
      url: url(setId, rest),
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
  const newSet = async (name: string) =>
    (
      await t().request(writer, {
        method: 'POST',
        url: `/v1/projects/${projectId}/slides/${slideId}/annotation-sets`,
        payload: { name },
      })
    ).json<{ id: string }>().id;
  const regionsOf = async (setId: string, version?: number) =>
    (await call('GET', setId, `/features${version ? `?version=${version}` : ''}`)).json<{
      features: Region[];
    }>().features;
  const markersOf = async (setId: string, version?: number) =>
    (await call('GET', setId, `/cell-markers${version ? `?version=${version}` : ''}`)).json<{
      features: Marker[];
    }>().features;
  /**
   * The markers as the binary route answers them (kept in memory between changes: annotation-answers.ts),
   * checked against the JSON route, which is read afresh each time.
   */
  const binaryAgrees = async (setId: string, markers: Marker[], version?: number) => {
    const answer = await call('GET', setId, `/cell-markers/binary${version ? `?version=${version}` : ''}`);
    const decoded = decodeCellMarkers(Uint8Array.from(answer.rawPayload).buffer);
    expect(decoded.ids.length).toBe(markers.length);
    expect(markers.map((_, i) => markerAt(decoded, i))).toEqual(
      markers.map((m) => ({
        id: Number(m.id),
        x: m.geometry.coordinates[0],
        y: m.geometry.coordinates[1],
        classes: m.properties.classes,
      })),
    );
  };
  const stateOf = async (setId: string, version?: number) => {
    const state = { regions: await regionsOf(setId, version), markers: await markersOf(setId, version) };
    await binaryAgrees(setId, state.markers, version);
    return state;
  };

  beforeAll(async () => {
    const made = await annotationProject(t(), [{ fileName: 'edits.svs' }], IMAGE);
    ({ writer, reader, projectId } = made);
    slideId = made.slideIds[0]!;
  });

  describe('region annotations', () => {
    let setId: string;
    beforeAll(async () => {
      setId = await newSet('Regions');
    });

    it('creates a batch and answers each id by its place in the request', async () => {
      const answer = await call(
        'POST',
        setId,
        '/features',
        collection([region(10, 10), region(100, 100, 'FOV'), region(200, 200)]),
      );
      expect(answer.statusCode).toBe(201);
      const { createdAnnotations } = answer.json<{ createdAnnotations: { id: string; index: number }[] }>();
      expect(createdAnnotations.map((c) => c.index)).toEqual([0, 1, 2]);
      const regions = await regionsOf(setId);
      expect(regions.map((r) => r.id)).toEqual(createdAnnotations.map((c) => c.id));
      expect(regions[1]!.properties).toMatchObject({
        annotationClass: 'FOV',
        isLocked: false,
        createdAt: expect.any(String),
      });
    });

    it('changes geometry and class in part, answering the annotations as they were', async () => {
      const [first, , third] = await regionsOf(setId);
      const answer = await call(
        'PATCH',
        setId,
        '/features',
        collection([
          { type: 'Feature', id: first!.id, geometry: square(500, 500) },
          { type: 'Feature', id: third!.id, properties: { annotationClass: 'Stroma' } },
        ]),
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ count: 2, originalAnnotations: [first, third] });
      const [changed, , reclassed] = await regionsOf(setId);
      expect(changed!.geometry).toEqual(square(500, 500));
      expect(changed!.properties.annotationClass).toBe('Tumor');
      expect(reclassed!.properties.annotationClass).toBe('Stroma');
      expect(reclassed!.geometry).toEqual(third!.geometry);
    });

    it("refuses a batch naming an annotation the set does not have: 'Not all annotations updated!', nothing changes", async () => {
      const before = await regionsOf(setId);
      const other = await newSet('Other');
      // Ids are the set's own: another set's annotation is named by an id this set has not given out.
      const foreign = (
        await call(
          'POST',
          other,
          '/features',
          collection([region(1, 1), region(2, 2), region(3, 3), region(4, 4)]),
        )
      ).json<{ createdAnnotations: { id: string }[] }>().createdAnnotations[3];
      for (const missing of [foreign!.id, '999999'])
        for (const [method, rest, payload] of [
          [
            'PATCH',
            '/features',
            collection([
              { type: 'Feature', id: before[0]!.id, geometry: square(1, 1) },
              { type: 'Feature', id: missing, geometry: square(2, 2) },
            ]),
          ],
          ['POST', '/features/purge', { annotationIds: [before[0]!.id, missing] }],
          ['PUT', '/features/locked', { annotationIds: [before[0]!.id, missing], locked: true }],
        ] as const) {
          const answer = await call(method, setId, rest, payload);
          expect(answer.statusCode, `${method} ${rest} ${missing}: ${answer.body}`).toBe(409);
          expect(answer.json()).toEqual({
            code: ERROR_CODES.annotationsNotAllUpdated,
            message: ANNOTATION_SET_MESSAGES.notAllAnnotationsUpdated,
          });
        }
      expect(await regionsOf(setId)).toEqual(before);
    });

    it('keeps locked annotations: no change, no delete; an FOV or ROI is deleted only when confirmed', async () => {
      const [tumour, fov] = await regionsOf(setId);
      const lock = await call('PUT', setId, '/features/locked', {
        annotationIds: [tumour!.id, fov!.id],
        locked: true,
      });
      expect(lock.json()).toEqual({ count: 2 });
      expect(
        (await call('PUT', setId, '/features/locked', { annotationIds: [tumour!.id], locked: true })).json(),
      ).toEqual({
        count: 0,
      });
      const edit = await call(
        'PATCH',
        setId,
        '/features',
        collection([{ type: 'Feature', id: tumour!.id, geometry: square(9, 9) }]),
      );
      expect(edit.statusCode).toBe(409);
      expect(edit.json()).toMatchObject({ code: ERROR_CODES.annotationLocked });
      expect((await call('POST', setId, '/features/purge', { annotationIds: [tumour!.id] })).json()).toEqual({
        code: ERROR_CODES.annotationLocked,
        message: ANNOTATION_SET_MESSAGES.locked,
      });
      expect((await call('POST', setId, '/features/purge', { annotationIds: [fov!.id] })).json()).toEqual({
        code: ERROR_CODES.confirmationRequired,
        message: ANNOTATION_SET_MESSAGES.fovRoiConfirmation,
      });
      const deleted = await call('POST', setId, '/features/purge', {
        annotationIds: [fov!.id],
        confirmed: true,
      });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json<{ deletedAnnotations: Region[] }>().deletedAnnotations[0]).toMatchObject({
        id: fov!.id,
        properties: { isLocked: true },
      });
      expect((await regionsOf(setId)).map((r) => r.id)).not.toContain(fov!.id);
    });

    it('restores a purged annotation under its own id (an undone delete), and no other id', async () => {
      const [, stroma] = await regionsOf(setId);
      const { deletedAnnotations } = (
        await call('POST', setId, '/features/purge', { annotationIds: [stroma!.id] })
      ).json<{
        deletedAnnotations: Region[];
      }>();
      const restore = await call(
        'POST',
        setId,
        '/features',
        collection(deletedAnnotations.map((a) => ({ ...a, type: 'Feature' }))),
      );
      expect(restore.json()).toEqual({ createdAnnotations: [{ id: stroma!.id, index: 0 }] });
      expect((await regionsOf(setId)).find((r) => r.id === stroma!.id)).toEqual(stroma);
      // An id alive now, and one the set never gave out.
      expect(
        (await call('POST', setId, '/features', collection([{ ...region(5, 5), id: stroma!.id }])))
          .statusCode,
      ).toBe(409);
      expect(
        (await call('POST', setId, '/features', collection([{ ...region(5, 5), id: '987654' }]))).statusCode,
      ).toBe(400);
    });

    it('refuses geometry off the slide or broken, readers, and hostile bodies', async () => {
      const before = await regionsOf(setId);
      const refusals = [
        collection([region(10, 10), region(IMAGE.width - 10, 10)]),
        collection([
          {
            ...region(1, 1),
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [1, 1],
                  [Number.NaN, 2],
                ],
              ],
            },
          },
        ]),
        collection([{ ...region(1, 1), geometry: { type: 'Polygon', coordinates: [] } }]),
        collection([
          { ...region(1, 1), properties: { annotationType: 'Unknown', annotationClass: 'Tumor' } },
        ]),
        collection([
          { ...region(1, 1), properties: { annotationType: 'Freehand', annotationClass: 'a\u0000b' } },
        ]),
        collection([]),
        { features: 'nope' },
      ];
      for (const body of refusals)
        expect((await call('POST', setId, '/features', body)).statusCode).toBe(400);
      expect((await call('POST', setId, '/features', collection([region(1, 1)]), reader)).statusCode).toBe(
        403,
      );
      expect((await call('POST', setId, '/features/purge', { annotationIds: ['01'] })).statusCode).toBe(400);
      expect(
        (await call('POST', setId, '/features/purge', { annotationIds: [before[0]!.id, before[0]!.id] }))
          .statusCode,
      ).toBe(400);
      expect(await regionsOf(setId)).toEqual(before);
    });
  });

  it('serializes concurrent edits of one annotation and versions made meanwhile', async () => {
    const setId = await newSet('Concurrent');
    await call('POST', setId, '/features', collection([region(10, 10)]));
    await call('POST', setId, '/versions');
    const [only] = await regionsOf(setId);
    const moves = Array.from({ length: 6 }, (_, i) =>
      call(
        'PATCH',
        setId,
        '/features',
        collection([{ type: 'Feature', id: only!.id, geometry: square(i * 100, 7) }]),
      ),
    );
    const versions = [call('POST', setId, '/versions'), call('POST', setId, '/versions')];
    const answers = await Promise.all([...moves, ...versions]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 201, 201]);
    const regions = await regionsOf(setId);
    expect(regions).toHaveLength(1);
    // Every version holds the one annotation, at one of the places it was moved to (or where it began).
    const places = [square(10, 10), ...Array.from({ length: 6 }, (_, i) => square(i * 100, 7))];
    for (const version of [1, 2, 3]) {
      const inVersion = await regionsOf(setId, version);
      expect(inVersion).toHaveLength(1);
      expect(places).toContainEqual(inVersion[0]!.geometry);
    }
  });

  describe('cell markers', () => {
    it('creates, moves, reclassifies and purges markers, counting them per class and rating', async () => {
      const setId = await newSet('Markers');
      const created = await call(
        'POST',
        setId,
        '/cell-markers',
        collection([marker(1, 2), marker(3, 4, 'Immune cell', 'negative'), marker(5, 6)]),
      );
      expect(created.statusCode).toBe(201);
      const [a, b, c] = await markersOf(setId);
      const change = await call(
        'PATCH',
        setId,
        '/cell-markers',
        collection([
          { type: 'Feature', id: a!.id, geometry: { type: 'Point', coordinates: [10, 20] } },
          { type: 'Feature', id: c!.id, properties: { classes: [{ classId: 'Tumor cell', ranking: '2+' }] } },
        ]),
      );
      expect(change.json()).toEqual({ count: 2, originalAnnotations: [a, c] });
      const stats = await call('GET', setId, '/cell-markers/stats', undefined, reader);
      expect(stats.json()).toEqual({
        classes: [
          {
            classId: 'Tumor cell',
            total: 2,
            ratings: { positive: 1, negative: 0, uncertain: 0 },
            rankings: { '0': 0, '1+': 0, '2+': 1, '3+': 0 },
          },
          {
            classId: 'Immune cell',
            total: 1,
            ratings: { positive: 0, negative: 1, uncertain: 0 },
            rankings: { '0': 0, '1+': 0, '2+': 0, '3+': 0 },
          },
        ],
      });
      const purge = await call('POST', setId, '/cell-markers/purge', { annotationIds: [b!.id, '424242'] });
      expect(purge.json()).toEqual({
        code: ERROR_CODES.annotationsNotAllUpdated,
        message: ANNOTATION_SET_MESSAGES.notAllCellMarkersUpdated,
      });
      expect((await call('POST', setId, '/cell-markers/purge', { annotationIds: [b!.id] })).json()).toEqual({
        deletedAnnotations: [b],
      });
      expect((await markersOf(setId)).map((m) => m.id)).toEqual([a!.id, c!.id]);
      expect((await call('POST', setId, '/cell-markers', collection([marker(-1, 2)]))).statusCode).toBe(400);
    });
  });

  describe('undo as inverses', () => {
    /** One edit a user might make, by what it picks among the live annotations (indices wrap). */
    const edit = fc.oneof(
      fc.record({
        kind: fc.constant('create' as const),
        at: fc.array(fc.nat(4000), { minLength: 1, maxLength: 3 }),
        fov: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), to: fc.nat(3000) }),
      fc.record({
        kind: fc.constant('reclass' as const),
        pick: fc.nat(),
        classId: fc.constantFrom('Tumor', 'Stroma', 'ROI'),
      }),
      fc.record({ kind: fc.constant('purge' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('lock' as const), pick: fc.nat(), locked: fc.boolean() }),
      fc.record({ kind: fc.constant('mark' as const), at: fc.nat(3000) }),
      fc.record({
        kind: fc.constant('remark' as const),
        pick: fc.nat(),
        rating: fc.constantFrom('positive', 'negative'),
      }),
      fc.record({ kind: fc.constant('unmark' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('version' as const) }),
    );
    type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;
    type Inverse = () => Promise<void>;

    /** Performs an edit; answers its inverse (null when it changed nothing), as the viewer's history keeps it. */
    async function perform(setId: string, e: Edit, versions: Map<number, unknown>): Promise<Inverse | null> {
      const regions = await regionsOf(setId);
      const markers = await markersOf(setId);
      const ok = (answer: { statusCode: number; body: string }) => {
        expect(answer.statusCode, answer.body).toBeLessThan(300);
        return JSON.parse(answer.body) as Json;
      };
      const pickRegion = (n: number) => (regions.length ? regions[n % regions.length]! : null);
      switch (e.kind) {
        case 'create': {
          const body = collection(
            e.at.map((x) => region(x % 4900, 100, e.fov ? 'FOV' : 'Tumor', { note: `at ${x}` })),
          );
          const { createdAnnotations } = ok(await call('POST', setId, '/features', body)) as {
            createdAnnotations: { id: string }[];
          };
          return async () =>
            void ok(
              await call('POST', setId, '/features/purge', {
                annotationIds: createdAnnotations.map((c) => c.id),
                confirmed: true,
              }),
            );
        }
        case 'move':
        case 'reclass': {
          const target = pickRegion(e.pick);
          if (!target || target.properties.isLocked) return null;
          const change =
            e.kind === 'move'
              ? { type: 'Feature', id: target.id, geometry: square(e.to, e.to) }
              : { type: 'Feature', id: target.id, properties: { annotationClass: e.classId } };
          const { originalAnnotations } = ok(
            await call('PATCH', setId, '/features', collection([change])),
          ) as { originalAnnotations: Region[] };
          const was = originalAnnotations[0]!;
          return async () =>
            void ok(
              await call(
                'PATCH',
                setId,
                '/features',
                collection([
                  {
                    type: 'Feature',
                    id: was.id,
                    geometry: was.geometry,
                    properties: { annotationClass: was.properties.annotationClass },
                  },
                ]),
              ),
            );
        }
        case 'purge': {
          const target = pickRegion(e.pick);
          if (
            !target ||
            (target.properties.isLocked && !['FOV', 'ROI'].includes(target.properties.annotationClass))
          )
            return null;
          const { deletedAnnotations } = ok(
            await call('POST', setId, '/features/purge', { annotationIds: [target.id], confirmed: true }),
          ) as {
            deletedAnnotations: Region[];
          };
          return async () =>
            void ok(
              await call(
                'POST',
                setId,
                '/features',
                collection(deletedAnnotations.map((a) => ({ ...a, type: 'Feature' }))),
              ),
            );
        }
        case 'lock': {
          const target = pickRegion(e.pick);
          if (!target || target.properties.isLocked === e.locked) return null;
          ok(await call('PUT', setId, '/features/locked', { annotationIds: [target.id], locked: e.locked }));
          return async () =>
            void ok(
              await call('PUT', setId, '/features/locked', { annotationIds: [target.id], locked: !e.locked }),
            );
        }
        case 'mark': {
          const { createdAnnotations } = ok(
            await call('POST', setId, '/cell-markers', collection([marker(e.at, e.at)])),
          ) as {
            createdAnnotations: { id: string }[];
          };
          return async () =>
            void ok(
              await call('POST', setId, '/cell-markers/purge', {
                annotationIds: [createdAnnotations[0]!.id],
              }),
            );
        }
        case 'remark': {
          if (!markers.length) return null;
          const target = markers[e.pick % markers.length]!;
          const change = {
            type: 'Feature',
            id: target.id,
            properties: { classes: [{ classId: 'Tumor cell', rating: e.rating }] },
          };
          const { originalAnnotations } = ok(
            await call('PATCH', setId, '/cell-markers', collection([change])),
          ) as { originalAnnotations: Marker[] };
          return async () =>
            void ok(
              await call(
                'PATCH',
                setId,
                '/cell-markers',
                collection(originalAnnotations.map((m) => ({ ...m, type: 'Feature' }))),
              ),
            );
        }
        case 'unmark': {
          if (!markers.length) return null;
          const target = markers[e.pick % markers.length]!;
          const { deletedAnnotations } = ok(
            await call('POST', setId, '/cell-markers/purge', { annotationIds: [target.id] }),
          ) as {
            deletedAnnotations: Marker[];
          };
          return async () =>
            void ok(
              await call(
                'POST',
                setId,
                '/cell-markers',
                collection(deletedAnnotations.map((m) => ({ ...m, type: 'Feature' }))),
              ),
            );
        }
        case 'version': {
          const { version } = ok(await call('POST', setId, '/versions')) as { version: number };
          versions.set(version, await stateOf(setId));
          return null;
        }
      }
    }

    it('any sequence of edits undone in reverse gives the set back exactly; versions never change', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 8 }), async (sequence) => {
          const setId = await newSet(`Undo ${Math.random().toString(36).slice(2, 10)}`);
          await call(
            'POST',
            setId,
            '/features',
            collection([region(50, 50), region(150, 150, 'ROI'), region(250, 250, 'Stroma')]),
          );
          await call('POST', setId, '/cell-markers', collection([marker(7, 7), marker(8, 8, 'Immune cell')]));
          const start = await stateOf(setId);
          const versions = new Map<number, unknown>();
          const inverses: Inverse[] = [];
          for (const e of sequence) {
            const inverse = await perform(setId, e, versions);
            if (inverse) inverses.push(inverse);
            await stateOf(setId);
          }
          for (const inverse of inverses.reverse()) {
            await inverse();
            await stateOf(setId);
          }
          expect(await stateOf(setId)).toEqual(start);
          for (const [version, state] of versions) expect(await stateOf(setId, version)).toEqual(state);
        }),
        { numRuns: 12 },
      );
    });
  });
});
