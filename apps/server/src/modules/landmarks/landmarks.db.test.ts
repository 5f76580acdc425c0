/**
 * Landmarks on both databases: round trip and replace, 404 when none, landmarksWrite, slides of other
 * projects and other blocks, one transaction for a save of several blocks, free-text block ids in paths,
 * the block's slide list, and hostile input.
 */
import { beforeAll, expect, it } from 'vitest';
import { ERROR_CODES } from '@tessera/contract';
import { LANDMARK_LIMITS, LANDMARK_MESSAGES, TEXT_MESSAGES } from '@tessera/domain';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { insertTestSlides } from '../../../test/slides.fixtures.ts';

const BLOCK = 'P1000-B01';
const ODD_BLOCK = 'P1000 / B02 ü?#%'; // free text: a slash, spaces, non-ASCII and URL syntax

type Pos = { img_idx: number; x: unknown; y: number; [k: string]: unknown };
const landmark = (index: number, pos: Pos[], extra: object = {}) => ({ index, pos, ...extra });

describeEachDialect('landmarks', (t) => {
  let writer: TestUser; // projectWrite: has landmarksWrite
  let reader: TestUser; // projectRead: has not
  let outsider: TestUser;
  let projectId: string;
  let otherProjectId: string;
  let blockSlides: string[]; // BLOCK, in file name order
  let oddSlides: string[];
  let otherBlockSlide: string;
  let noBlockSlide: string;
  let foreignSlide: string; // BLOCK's name, but in another project

  const landmarksUrl = (blockId: string, project = projectId) =>
    `/v1/projects/${project}/blocks/${encodeURIComponent(blockId)}/landmarks`;
  const get = (user: TestUser, blockId: string) =>
    t().request(user, { method: 'GET', url: landmarksUrl(blockId) });
  const put = (user: TestUser, payload: unknown, project = projectId) =>
    t().request(user, {
      method: 'PUT',
      url: `/v1/projects/${project}/landmarks`,
      payload: payload as object,
    });
  const images = (...ids: string[]) => ids.map((slideId) => ({ slideId }));
  const twoPoints = [
    landmark(0, [
      { img_idx: 0, x: 10, y: 20, angleDx: 1, angleDy: 0 },
      { img_idx: 1, x: 110, y: 220.5, isFlippedOnYAxis: true },
    ]),
    landmark(1, [{ img_idx: 0, x: 30, y: 40 }], { isAutomatic: true, name: '7' }),
  ];
  const saveBlock = () => ({
    name: BLOCK,
    images: images(blockSlides[0]!, blockSlides[1]!),
    landmarks: twoPoints,
  });

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
    blockSlides = await insertTestSlides(db, projectId, [
      { fileName: 'a-he.svs', blockId: BLOCK },
      { fileName: 'b-cd3.svs', blockId: BLOCK },
      { fileName: 'c-cd8.svs', blockId: BLOCK },
    ]);
    oddSlides = await insertTestSlides(db, projectId, [
      { fileName: 'odd-1.svs', blockId: ODD_BLOCK },
      { fileName: 'odd-2.svs', blockId: ODD_BLOCK },
    ]);
    const [other, none] = await insertTestSlides(db, projectId, [
      { fileName: 'other.svs', blockId: 'P1000-B03' },
      { fileName: 'none.svs' },
    ]);
    [otherBlockSlide, noBlockSlide] = [other!, none!];
    foreignSlide = (
      await insertTestSlides(db, otherProjectId, [{ fileName: 'foreign.svs', blockId: BLOCK }])
    )[0]!;
  });

  it('answers 404 LANDMARKS_NOT_FOUND while a block has none', async () => {
    const res = await get(reader, BLOCK);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: ERROR_CODES.landmarksNotFound,
      message: LANDMARK_MESSAGES.notFound(BLOCK),
    });
  });

  it('stores a block and reads it back in the viewer shape, defaults filled in', async () => {
    const res = await put(writer, { blocks: [saveBlock()] });
    expect(res.statusCode, res.body).toBe(200);
    const read = await get(reader, BLOCK);
    expect(read.statusCode).toBe(200);
    const body = read.json();
    expect(body).toEqual({
      blockId: BLOCK,
      slides: [{ slideId: blockSlides[0] }, { slideId: blockSlides[1] }],
      landmarks: [
        {
          index: 0,
          isAutomatic: false,
          name: '1',
          positions: [
            { slideIdx: 0, x: 10, y: 20, angleDx: 1, angleDy: 0, isFlippedOnYAxis: false },
            { slideIdx: 1, x: 110, y: 220.5, angleDx: 0, angleDy: 0, isFlippedOnYAxis: true },
          ],
        },
        {
          index: 1,
          isAutomatic: true,
          name: '7',
          positions: [{ slideIdx: 0, x: 30, y: 40, angleDx: 0, angleDy: 0, isFlippedOnYAxis: false }],
        },
      ],
      updatedAt: expect.any(String),
      updatedBy: writer.id,
    });
    expect(res.json()).toEqual({ blocks: [body] });
  });

  it('replaces a block whole, and takes free-text block ids from the path URL-decoded', async () => {
    expect((await put(writer, { blocks: [saveBlock()] })).statusCode).toBe(200);
    const replacement = {
      name: BLOCK,
      images: images(blockSlides[2]!, blockSlides[0]!, blockSlides[1]!),
      landmarks: [landmark(5, [{ img_idx: 2, x: -1.25, y: 0 }])],
    };
    const odd = { name: ODD_BLOCK, images: images(...oddSlides), landmarks: [] };
    expect((await put(writer, { blocks: [replacement, odd] })).statusCode).toBe(200);
    const read = (await get(reader, BLOCK)).json();
    expect(read.slides.map((s: { slideId: string }) => s.slideId)).toEqual([
      blockSlides[2],
      blockSlides[0],
      blockSlides[1],
    ]);
    expect(read.landmarks).toEqual([
      {
        index: 5,
        isAutomatic: false,
        name: '6',
        positions: [{ slideIdx: 2, x: -1.25, y: 0, angleDx: 0, angleDy: 0, isFlippedOnYAxis: false }],
      },
    ]);
    const oddRead = await get(reader, ODD_BLOCK);
    expect(oddRead.statusCode, oddRead.body).toBe(200);
    expect(oddRead.json()).toMatchObject({ blockId: ODD_BLOCK, landmarks: [] });
  });

  it('refuses a member without landmarksWrite with its own code, before reading the body', async () => {
    const before = (await get(reader, BLOCK)).json();
    for (const payload of [{ blocks: [{ ...saveBlock(), landmarks: [] }] }, { junk: true }]) {
      const res = await put(reader, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: ERROR_CODES.landmarksWriteRequired,
        message: LANDMARK_MESSAGES.writeRequired,
      });
    }
    expect((await get(reader, BLOCK)).json()).toEqual(before);
  });

  it('answers 404 to non-members', async () => {
    for (const res of [
      await get(outsider, BLOCK),
      await put(outsider, { blocks: [saveBlock()] }),
      await t().request(outsider, { method: 'GET', url: `/v1/projects/${projectId}/blocks/${BLOCK}/slides` }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ERROR_CODES.projectNotFound);
    }
  });

  it('refuses slides of another project, of another block and without a block, changing nothing', async () => {
    expect((await put(writer, { blocks: [saveBlock()] })).statusCode).toBe(200);
    const before = (await get(reader, BLOCK)).json();
    const foreign = await put(writer, {
      blocks: [{ ...saveBlock(), images: images(blockSlides[0]!, foreignSlide) }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({
      code: ERROR_CODES.slideNotFound,
      message: `Slide with id ${foreignSlide} not found.`,
    });
    const otherBlock = await put(writer, {
      blocks: [{ ...saveBlock(), images: images(blockSlides[0]!, otherBlockSlide) }],
    });
    expect(otherBlock.statusCode).toBe(400);
    expect(otherBlock.json()).toEqual({
      code: ERROR_CODES.slideNotInBlock,
      message: LANDMARK_MESSAGES.slideNotInBlock(otherBlockSlide, BLOCK, 'P1000-B03'),
    });
    const noBlock = await put(writer, {
      blocks: [{ ...saveBlock(), images: images(blockSlides[0]!, noBlockSlide) }],
    });
    expect(noBlock.statusCode).toBe(400);
    expect(noBlock.json().message).toBe(LANDMARK_MESSAGES.slideNotInBlock(noBlockSlide, BLOCK, null));
    // A block of the same name in another project is that project's own: saving it leaves ours alone.
    const theirs = await put(
      outsider,
      { blocks: [{ name: BLOCK, images: images(foreignSlide), landmarks: [] }] },
      otherProjectId,
    );
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((await get(reader, BLOCK)).json()).toEqual(before);
  });

  it('writes a save of several blocks all or nothing', async () => {
    expect((await put(writer, { blocks: [saveBlock()] })).statusCode).toBe(200);
    const before = (await get(reader, BLOCK)).json();
    const replaceFirst = { ...saveBlock(), landmarks: [] };
    const bad = [
      // The second block names a slide of the first block: refused by the database check.
      { name: ODD_BLOCK, images: images(oddSlides[0]!, blockSlides[2]!), landmarks: [] },
      // The second block's landmark points past its images: refused by the body's rules.
      {
        name: ODD_BLOCK,
        images: images(oddSlides[0]!),
        landmarks: [landmark(0, [{ img_idx: 1, x: 0, y: 0 }])],
      },
    ];
    for (const second of bad) {
      const res = await put(writer, { blocks: [replaceFirst, second] });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await get(reader, BLOCK)).json()).toEqual(before);
  });

  it('states each save rule with its message and the place in the body', async () => {
    const [a, b] = [blockSlides[0]!, blockSlides[1]!];
    const cases: [unknown, string][] = [
      [
        {
          blocks: [
            { name: BLOCK, images: images(a, b), landmarks: [landmark(3, [{ img_idx: 2, x: 0, y: 0 }])] },
          ],
        },
        `blocks.0.landmarks.0.pos.0.img_idx: ${LANDMARK_MESSAGES.imageOutOfRange(BLOCK, 3, 2, 2)}`,
      ],
      [{ blocks: [saveBlock(), saveBlock()] }, `blocks.1.name: ${LANDMARK_MESSAGES.duplicateBlock(BLOCK)}`],
      [
        { blocks: [{ ...saveBlock(), images: images(a, a) }] },
        `blocks.0.images.1.slideId: ${LANDMARK_MESSAGES.duplicateImage(BLOCK, a)}`,
      ],
      [
        { blocks: [{ ...saveBlock(), landmarks: [twoPoints[0], twoPoints[0]] }] },
        `blocks.0.landmarks.1.index: ${LANDMARK_MESSAGES.duplicateIndex(BLOCK, 0)}`,
      ],
      [
        {
          blocks: [
            {
              ...saveBlock(),
              landmarks: [
                landmark(0, [{ img_idx: 0, x: 0, y: 0 }], { isAutomatic: true }),
                landmark(1, [{ img_idx: 0, x: 0, y: 0 }], { isAutomatic: true }),
              ],
            },
          ],
        },
        `blocks.0.landmarks.1.isAutomatic: ${LANDMARK_MESSAGES.manyAutomatic(BLOCK)}`,
      ],
      [
        {
          blocks: [
            { ...saveBlock(), landmarks: [landmark(0, [{ img_idx: 0, x: 0, y: 0 }], { name: '01' })] },
          ],
        },
        `blocks.0.landmarks.0.name: ${LANDMARK_MESSAGES.name}`,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await put(writer, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ code: ERROR_CODES.validation, message });
    }
  });

  it('refuses hostile bodies and block ids with a 4xx and keeps serving', async () => {
    const ok = saveBlock();
    const many = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
    const bodies: unknown[] = [
      {},
      { blocks: [] },
      { blocks: 'all' },
      { blocks: [{ ...ok, name: `B\u0000` }] },
      { blocks: [{ ...ok, name: `B\u0007lock` }] },
      { blocks: [{ ...ok, name: '' }] },
      { blocks: [{ ...ok, name: 'x'.repeat(LANDMARK_LIMITS.blockIdLength + 1) }] },
      { blocks: many(LANDMARK_LIMITS.blocksPerSave + 1, (i) => ({ ...ok, name: `b${i}` })) },
      {
        blocks: [
          { ...ok, images: many(LANDMARK_LIMITS.imagesPerBlock + 1, () => ({ slideId: blockSlides[0] })) },
        ],
      },
      {
        blocks: [
          {
            ...ok,
            landmarks: many(LANDMARK_LIMITS.landmarksPerBlock + 1, (i) =>
              landmark(i, [{ img_idx: 0, x: 0, y: 0 }]),
            ),
          },
        ],
      },
      { blocks: [{ ...ok, landmarks: [landmark(0, [{ img_idx: 0, x: 'NaN', y: 0 }])] }] },
      { blocks: [{ ...ok, landmarks: [landmark(0, [{ img_idx: 0, x: 'Infinity', y: 0 }])] }] },
      { blocks: [{ ...ok, landmarks: [landmark(0, [{ img_idx: 0, x: 1e300, y: 0 }])] }] },
      { blocks: [{ ...ok, landmarks: [landmark(0, [{ img_idx: 0.5, x: 0, y: 0 }])] }] },
      { blocks: [{ ...ok, landmarks: [landmark(-1, [{ img_idx: 0, x: 0, y: 0 }])] }] },
      { blocks: [{ ...ok, landmarks: [landmark(0, [])] }] },
      { blocks: [{ ...ok, images: [{ slideId: '../../etc/passwd' }] }] },
      { blocks: [{ ...ok, images: [{ slideId: blockSlides[0], junk: { a: [[[1]]] } }] }] },
      { blocks: [ok], extra: 1 },
      [ok],
      null,
    ];
    for (const payload of bodies) {
      const res = await put(writer, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400);
      expect(res.json().code).toBe(ERROR_CODES.validation);
    }
    expect((await put(writer, 'blocks')).statusCode).toBe(415); // not JSON at all
    // As raw text: a number JSON.parse makes Infinity, and keys that would reach a prototype.
    const text = JSON.stringify({ blocks: [ok] });
    for (const raw of [
      text.replace('"x":10', '"x":1e999'),
      text.replace('"index":0', '"index":0,"__proto__":{"isAutomatic":true}'),
      text.replace('{"blocks":', '{"constructor":{"prototype":{}},"blocks":'),
    ]) {
      const res = await t().request(writer, {
        method: 'PUT',
        url: `/v1/projects/${projectId}/landmarks`,
        headers: { 'content-type': 'application/json' },
        payload: raw,
      });
      expect(res.statusCode, raw.slice(0, 120)).toBe(400);
    }
    expect(({} as Record<string, unknown>).isAutomatic).toBeUndefined();
    for (const blockId of ['B\u0000', 'B\u001b[31m', 'x'.repeat(LANDMARK_LIMITS.blockIdLength + 1)]) {
      for (const url of [
        landmarksUrl(blockId),
        `/v1/projects/${projectId}/blocks/${encodeURIComponent(blockId)}/slides`,
      ]) {
        const res = await t().request(reader, { method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
      }
    }
    expect((await get(reader, `B\u0000`)).json().message).toBe(`blockId: ${TEXT_MESSAGES.controlCharacters}`);
    expect((await get(reader, BLOCK)).statusCode).toBe(200);
  });

  it("lists a block's slides by file name, and none for a block no slide names", async () => {
    const slidesOf = (blockId: string) =>
      t().request(reader, {
        method: 'GET',
        url: `/v1/projects/${projectId}/blocks/${encodeURIComponent(blockId)}/slides`,
      });
    const res = await slidesOf(BLOCK);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      blockId: BLOCK,
      slides: [
        { id: blockSlides[0], fileName: 'a-he.svs' },
        { id: blockSlides[1], fileName: 'b-cd3.svs' },
        { id: blockSlides[2], fileName: 'c-cd8.svs' },
      ],
    });
    expect((await slidesOf(ODD_BLOCK)).json().slides.map((s: { id: string }) => s.id)).toEqual(oddSlides);
    expect((await slidesOf('no such block')).json()).toEqual({ blockId: 'no such block', slides: [] });
  });
});
