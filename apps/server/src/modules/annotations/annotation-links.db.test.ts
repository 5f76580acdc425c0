/**
 * Linking sets across projects on both databases (spec 2 §4 "Link wizard", §5 "Linking", §8): the
 * candidates with hasAccess, isSetLinked and hasConflictingSetName; a linked set shows the same
 * annotations in both projects, edited from either; names stay unique per slide; the last link stays
 * (code 600007); projects the caller cannot see or write are refused.
 */
import { beforeAll, expect, it } from 'vitest';
import { ERROR_CODES } from '@tessera/contract';
import { ANNOTATION_SET_MESSAGES } from '@tessera/domain';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { insertTestSlides } from '../../../test/slides.fixtures.ts';
import { setImageSize } from '../../../test/annotations.fixtures.ts';
import { INSUFFICIENT_PERMISSION } from './annotation-links.service.ts';

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [10, 10],
      [60, 10],
      [60, 60],
      [10, 60],
      [10, 10],
    ],
  ],
};

describeEachDialect('annotation set links', (t) => {
  let writer: TestUser; // annotationsManage in A and B
  let writerOfA: TestUser; // annotationsManage in A, reader in B
  let reader: TestUser; // reader in A
  const projects = { a: '', b: '', c: '' };
  const slides = { a: '', b: '', c: '' };

  const request = (
    user: TestUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    payload?: object,
  ) => t().request(user, { method, url, ...(payload ? { payload } : {}) });
  const setsOf = async (project: string, slide: string, user = writer) =>
    (await request(user, 'GET', `/v1/projects/${project}/slides/${slide}/annotation-sets`)).json<
      { id: string; name: string; linkedProjectsCount: number }[]
    >();
  const createSet = async (project: string, slide: string, name: string) =>
    (
      await request(writer, 'POST', `/v1/projects/${project}/slides/${slide}/annotation-sets`, { name })
    ).json<{ id: string }>().id;
  const setUrl = (project: string, setId: string, rest = '') =>
    `/v1/projects/${project}/annotation-sets/${setId}${rest}`;

  beforeAll(async () => {
    [writer, writerOfA, reader] = [await t().createUser(), await t().createUser(), await t().createUser()];
    projects.a = (
      await t().createProject({
        members: [
          { user: writer, role: 'projectWrite' },
          { user: writerOfA, role: 'projectWrite' },
          { user: reader, role: 'projectRead' },
        ],
      })
    ).id;
    projects.b = (
      await t().createProject({
        members: [
          { user: writer, role: 'projectWrite' },
          { user: writerOfA, role: 'projectRead' },
        ],
      })
    ).id;
    projects.c = (await t().createProject({ members: [{ user: reader, role: 'projectWrite' }] })).id;
    const db = t().ctx.db;
    for (const key of ['a', 'b', 'c'] as const)
      slides[key] = (await insertTestSlides(db, projects[key], [{ fileName: `${key}.svs` }]))[0]!;
    // One image shown in three projects: B's and C's slides are copies of A's.
    const { image_id } = await db
      .selectFrom('slides')
      .select('image_id')
      .where('id', '=', slides.a)
      .executeTakeFirstOrThrow();
    await db.updateTable('slides').set({ image_id }).where('id', 'in', [slides.b, slides.c]).execute();
    await setImageSize(db, [slides.a], { width: 1000, height: 1000 });
  });

  it('links a set into another project, where it shows the same annotations, edited from either', async () => {
    const setId = await createSet(projects.a, slides.a, 'Shared');
    await request(writer, 'POST', setUrl(projects.a, setId, '/features'), {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: square,
          properties: { annotationType: 'Freehand', annotationClass: 'Tumor' },
        },
      ],
    });
    const targets = (await request(writer, 'GET', setUrl(projects.a, setId, '/link-targets'))).json();
    expect(targets).toEqual(
      expect.arrayContaining([
        {
          projectId: projects.a,
          projectName: expect.any(String),
          slideId: slides.a,
          hasAccess: true,
          isSetLinked: true,
          hasConflictingSetName: false,
        },
        {
          projectId: projects.b,
          projectName: expect.any(String),
          slideId: slides.b,
          hasAccess: true,
          isSetLinked: false,
          hasConflictingSetName: false,
        },
      ]),
    );
    expect(targets).toHaveLength(2); // C holds the image too, but the writer does not see C

    const linked = await request(writer, 'PUT', setUrl(projects.a, setId, `/links/${projects.b}`));
    expect(linked.json()).toEqual({ projectId: projects.b, slideId: slides.b });
    expect((await request(writer, 'PUT', setUrl(projects.a, setId, `/links/${projects.b}`))).statusCode).toBe(
      200,
    );
    expect(await setsOf(projects.b, slides.b)).toEqual([
      expect.objectContaining({ id: setId, name: 'Shared', linkedProjectsCount: 2 }),
    ]);

    const fromB = await request(writer, 'POST', setUrl(projects.b, setId, '/features'), {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: square,
          properties: { annotationType: 'Freehand', annotationClass: 'Stroma' },
        },
      ],
    });
    expect(fromB.statusCode).toBe(201);
    const inA = (await request(writer, 'GET', setUrl(projects.a, setId, '/features'))).json<{
      features: unknown[];
    }>();
    const inB = (await request(writer, 'GET', setUrl(projects.b, setId, '/features'))).json<{
      features: unknown[];
    }>();
    expect(inA.features).toHaveLength(2);
    expect(inB).toEqual(inA);
  });

  it('keeps names unique per slide across links: a clash is offered as such and refused', async () => {
    const fromA = await createSet(projects.a, slides.a, 'Review');
    await createSet(projects.b, slides.b, 'Review');
    const targets = (await request(writer, 'GET', setUrl(projects.a, fromA, '/link-targets'))).json<
      { projectId: string; hasConflictingSetName: boolean }[]
    >();
    expect(targets.find((target) => target.projectId === projects.b)?.hasConflictingSetName).toBe(true);
    const refused = await request(writer, 'PUT', setUrl(projects.a, fromA, `/links/${projects.b}`));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: ERROR_CODES.annotationSetNameInUse,
      message: ANNOTATION_SET_MESSAGES.nameInUse('Review'),
    });
    // Renaming a linked set to a name in use on any of its slides is refused too.
    const [shared] = (await setsOf(projects.a, slides.a)).filter((set) => set.name === 'Shared');
    expect(
      (await request(writer, 'PATCH', setUrl(projects.a, shared!.id), { name: 'Review' })).statusCode,
    ).toBe(409);
  });

  it('unlinks while another project keeps the set; the last link stays (600007)', async () => {
    const [shared] = (await setsOf(projects.b, slides.b)).filter((set) => set.name === 'Shared');
    const unlinked = await request(writer, 'DELETE', setUrl(projects.b, shared!.id, `/links/${projects.a}`));
    expect(unlinked.json()).toEqual({ projectId: projects.a });
    expect((await setsOf(projects.a, slides.a)).map((set) => set.name)).not.toContain('Shared');
    expect((await request(writer, 'GET', setUrl(projects.a, shared!.id, '/features'))).statusCode).toBe(404);
    const last = await request(writer, 'DELETE', setUrl(projects.b, shared!.id, `/links/${projects.b}`));
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ code: '600007', message: ANNOTATION_SET_MESSAGES.onlyLinkedProject });
    expect(
      (await request(writer, 'DELETE', setUrl(projects.b, shared!.id, `/links/${projects.a}`))).statusCode,
    ).toBe(404);
  });

  it('refuses projects the caller may not write or cannot see, and readers', async () => {
    const setId = await createSet(projects.a, slides.a, 'Guarded');
    const targets = (await request(writerOfA, 'GET', setUrl(projects.a, setId, '/link-targets'))).json<
      { projectId: string; hasAccess: boolean }[]
    >();
    expect(targets.find((target) => target.projectId === projects.b)?.hasAccess).toBe(false);
    const refused = await request(writerOfA, 'PUT', setUrl(projects.a, setId, `/links/${projects.b}`));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: INSUFFICIENT_PERMISSION });
    expect((await request(writer, 'PUT', setUrl(projects.a, setId, `/links/${projects.c}`))).statusCode).toBe(
      404,
    );
    expect(
      (await request(writer, 'PUT', setUrl(projects.a, setId, `/links/${'0'.repeat(24)}`))).statusCode,
    ).toBe(404);
    expect((await request(reader, 'GET', setUrl(projects.a, setId, '/link-targets'))).statusCode).toBe(403);
    expect((await request(writer, 'PUT', setUrl(projects.a, setId, '/links/not-an-id'))).statusCode).toBe(
      400,
    );
  });

  it('keeps a set while a slide still shows it, and deletes it with the last slide that did', async () => {
    const admin = await t().createUser();
    const [one, two] = [
      (await t().createProject({ members: [{ user: admin, role: 'projectAdmin' }] })).id,
      (await t().createProject({ members: [{ user: admin, role: 'projectAdmin' }] })).id,
    ];
    const db = t().ctx.db;
    const [first] = await insertTestSlides(db, one, [{ fileName: 'one.svs' }]);
    const [second] = await insertTestSlides(db, two, [{ fileName: 'two.svs' }]);
    const { image_id } = await db
      .selectFrom('slides')
      .select('image_id')
      .where('id', '=', first!)
      .executeTakeFirstOrThrow();
    await db.updateTable('slides').set({ image_id }).where('id', '=', second!).execute();
    await setImageSize(db, [first!], { width: 1000, height: 1000 });
    const setId = (
      await request(admin, 'POST', `/v1/projects/${one}/slides/${first}/annotation-sets`, { name: 'Kept' })
    ).json<{ id: string }>().id;
    await request(admin, 'POST', setUrl(one, setId, '/features'), {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: square,
          properties: { annotationType: 'Freehand', annotationClass: 'Tumor' },
        },
      ],
    });
    await request(admin, 'POST', setUrl(one, setId, '/versions'));
    expect((await request(admin, 'PUT', setUrl(one, setId, `/links/${two}`))).statusCode).toBe(200);
    const remove = (project: string, slideId: string) =>
      request(admin, 'POST', `/v1/projects/${project}/slides/batch-delete`, { slideIds: [slideId] });
    const stored = async () =>
      (await db.selectFrom('annotation_features').select('item_id').where('set_id', '=', setId).execute())
        .length;

    expect((await remove(one, first!)).json()).toEqual({ deleted: 1 });
    expect((await request(admin, 'GET', setUrl(two, setId, '/features'))).json()).toMatchObject({
      features: [{ properties: { annotationClass: 'Tumor' } }],
    });
    expect(await stored()).toBe(1);
    expect((await remove(two, second!)).json()).toEqual({ deleted: 1 });
    expect(await stored()).toBe(0);
    expect(await db.selectFrom('annotation_sets').select('id').where('id', '=', setId).execute()).toEqual([]);
  });
});
