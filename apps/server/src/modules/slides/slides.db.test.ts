/**
 * Import, slide details, label/thumbnail and get-or-create against real test slides. The folder imported
 * is a temp folder of symlinks to ../shared/testdata/slides (slides are never copied into the repository),
 * plus a corrupt .svs and a text file written there.
 */
import crypto from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect, SLIDES_DIR, type TestUser } from '../../../test/harness.ts';
import { loadOpenSlide } from '@tessera/wsi';
import { runImport } from '../../cli/import.ts';

const SLIDES = SLIDES_DIR;
const LINKS: [string, string][] = [
  ['CMU-1-Small-Region.svs', 'CMU-1-Small-Region.svs'],
  ['cells-2c.ome.tif', 'cells-2c.ome.tif'],
  ['small_vectra.qptiff', 'small_vectra.qptiff'],
  ['boxes_0.dcm', 'dicom/openslide-boxes/boxes_0.dcm'],
  ['boxes_1.dcm', 'dicom/openslide-boxes/boxes_1.dcm'],
];

/** A folder of symlinks to the test slides (or copies of them, in a temp folder), a truncated SVS and a note. */
async function makeFolder(dir: string, opts: { isCopy?: boolean } = {}): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, source] of LINKS)
    await (opts.isCopy ? copyFile : symlink)(path.join(SLIDES, source), path.join(dir, name));
  const svs = await readFile(path.join(SLIDES, 'CMU-1-Small-Region.svs'));
  await writeFile(path.join(dir, 'broken.svs'), Buffer.concat([svs.subarray(0, 8), crypto.randomBytes(300)]));
  await writeFile(path.join(dir, 'notes.txt'), 'not a slide');
}

interface Captured {
  out: string[];
  err: string;
}
const capture = (): Captured & {
  io: { out: (l: string) => void; err: { write(t: string): void; isTTY: boolean } };
} => {
  const c: Captured = { out: [], err: '' };
  return {
    ...c,
    get out() {
      return c.out;
    },
    get err() {
      return c.err;
    },
    io: { out: (l) => c.out.push(l), err: { write: (t) => void (c.err += t), isTTY: false } },
  };
};

describeEachDialect('slides: import, details, images', (t) => {
  let tmp: string;
  let owner: TestUser;
  let outsider: TestUser;
  let project: { id: string; name: string };
  const ids = new Map<string, string>();

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'tessera-import-'));
    await makeFolder(path.join(tmp, 'batch'));
    owner = await t().createUser();
    outsider = await t().createUser();
    project = await t().createProject({ members: [{ user: owner, role: 'projectDataOwner' }] });
    await t().createProject({ members: [{ user: outsider, role: 'projectDataOwner' }] });
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
    await rm(path.join(t().ctx.config.dataDir, 'imports'), { recursive: true, force: true });
  });

  it('imports every slide of the folder (DICOM series as one), reports the corrupt file and ignores the rest', async () => {
    const c = capture();
    const code = await runImport(
      t().ctx,
      { dir: path.join(tmp, 'batch'), project: project.name.toUpperCase() },
      c.io,
    );
    expect(code).toBe(1); // one file failed
    const imported = c.out.filter((l) => l.startsWith('imported '));
    expect(imported.map((l) => l.split(' ')[1]).sort()).toEqual([
      'CMU-1-Small-Region.svs',
      'boxes_0.dcm',
      'cells-2c.ome.tif',
      'small_vectra.qptiff',
    ]);
    for (const line of imported) {
      const [, fileName, slideId] = line.split(' ');
      expect(slideId).toMatch(/^[0-9a-f]{24}$/);
      ids.set(fileName!, slideId!);
    }
    expect(c.out).toContain('4 imported, 1 skipped, 1 failed');
    expect(c.out).toContain('skipped notes.txt: Not a slide file type');
    expect(c.out.find((l) => l.startsWith('failed broken.svs: '))).toBeDefined();
    // Progress on a non-terminal: plain lines, one per slide.
    expect(c.err.split('\n').filter((l) => l.startsWith('['))).toHaveLength(5);

    const list = await t().request(owner, { method: 'GET', url: `/v1/projects/${project.id}/slides/page` });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .data.map((s: { name: string }) => s.name)
        .sort(),
    ).toEqual(['boxes_0', 'cells-2c', 'CMU-1-Small-Region', 'small_vectra'].sort());
    const projects = await t().request(owner, { method: 'GET', url: `/v1/projects/${project.id}` });
    expect(projects.json().slideCount).toBe(4);
  });

  it('re-import skips every slide already in the project', async () => {
    const c = capture();
    expect(await runImport(t().ctx, { dir: path.join(tmp, 'batch'), project: project.name }, c.io)).toBe(1);
    expect(c.out.filter((l) => l.startsWith('imported '))).toEqual([]);
    expect(c.out).toContain('0 imported, 5 skipped, 1 failed');
    expect(c.out).toContain(
      `skipped CMU-1-Small-Region.svs: Already in the project (slide ${ids.get('CMU-1-Small-Region.svs')})`,
    );
  });

  it('answers bad CLI input without a crash', async () => {
    const c = capture();
    expect(await runImport(t().ctx, { dir: path.join(tmp, 'missing'), project: project.name }, c.io)).toBe(2);
    expect(c.err).toContain('The folder does not exist or is not a folder');
    expect(await runImport(t().ctx, { dir: tmp, project: 'No such project' }, c.io)).toBe(2);
  });

  const details = async (fileName: string) => {
    const res = await t().request(owner, {
      method: 'GET',
      url: `/v1/projects/${project.id}/slides/${ids.get(fileName)}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('details of the SVS: size, tile size, resolution, attachments (openslide-show-properties values)', async () => {
    const d = await details('CMU-1-Small-Region.svs');
    expect(d).toMatchObject({
      fileName: 'CMU-1-Small-Region.svs',
      fileExtension: 'svs',
      name: 'CMU-1-Small-Region',
      status: 'available',
      conversionStatus: 'Queued',
      createdBy: null,
    });
    const bytes = await readFile(path.join(SLIDES, 'CMU-1-Small-Region.svs'));
    expect(d.checksum).toBe(
      crypto.createHash('sha256').update(bytes).update(String(bytes.length)).digest('hex'),
    );
    expect(d.imageInfo).toMatchObject({
      size: { w: 2220, h: 2967 },
      tileSize: { w: 240, h: 240 },
      kind: 'brightfield',
      channels: [{ name: 'RGB', size: { w: 2220, h: 2967 }, metersPerPixel: { x: 0.499e-6, y: 0.499e-6 } }],
      resolution: {
        metersPerPixel: { x: 0.499e-6, y: 0.499e-6 },
        magnification: 20,
        isMagnificationKnown: true,
      },
      formats: ['aperio-svs'],
    });
    expect(d.imageInfo.attachments).toEqual([
      { type: 'thumbnail', size: { w: 574, h: 768 }, byteSize: null },
      { type: 'label', size: { w: 387, h: 463 }, byteSize: null },
      { type: 'macro', size: { w: 1280, h: 431 }, byteSize: null },
    ]);
  });

  it('details carry the block and the assays the viewer shows (its tab tooltip, its landmarks)', async () => {
    const before = await details('cells-2c.ome.tif');
    expect(before).toMatchObject({ blockId: null, assays: [], assayMarkersFormatted: '' });
    const edit = await t().request(owner, {
      method: 'PATCH',
      url: `/v1/projects/${project.id}/slides`,
      payload: {
        slides: [
          {
            id: before.id,
            updatedAt: before.updatedAt,
            blockId: 'B-7',
            assays: [
              { channel: 2, marker: 'PD-L1' },
              { channel: 1, marker: 'CD8' },
            ],
          },
        ],
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await details('cells-2c.ome.tif')).toMatchObject({
      blockId: 'B-7',
      assays: [
        { channel: 1, marker: 'CD8' },
        { channel: 2, marker: 'PD-L1' },
      ],
      assayMarkersFormatted: 'CD8-PD-L1',
    });
  });

  it('details of the OME-TIFF, qptiff and DICOM series', async () => {
    const ome = await details('cells-2c.ome.tif');
    expect(ome.fileExtension).toBe('ome.tif');
    expect(ome.imageInfo).toMatchObject({
      size: { w: 93, h: 131 },
      kind: 'fluorescence',
      resolution: {
        metersPerPixel: { x: 0.25e-6, y: 0.25e-6 },
        magnification: 20,
        isMagnificationKnown: false,
      },
      attachments: [],
    });
    expect(ome.imageInfo.channels.map((c: { name: string }) => c.name)).toEqual(['Channel 1', 'Channel 2']);

    const qp = await details('small_vectra.qptiff');
    expect(qp.imageInfo).toMatchObject({
      size: { w: 1920, h: 1440 },
      tileSize: { w: 256, h: 256 },
      formats: ['qptiff'],
    });
    expect(qp.imageInfo.resolution.magnification).toBe(10);
    expect(qp.imageInfo.channels.map((c: { name: string }) => c.name)).toEqual(['DAPI', 'FITC', 'Cy3']);
    expect(qp.imageInfo.attachments.map((a: { type: string }) => a.type)).toEqual([
      'thumbnail',
      'overview',
      'label',
    ]);

    const dcm = await details('boxes_0.dcm');
    expect(dcm.fileExtension).toBe('dcm');
    // dcmdump: TotalPixelMatrix 16×16 in 64×64 frames, ObjectiveLensPower 20, ICC profile of 456 bytes
    expect(dcm.imageInfo).toMatchObject({
      size: { w: 16, h: 16 },
      tileSize: { w: 64, h: 64 },
      formats: ['dicom'],
    });
    expect(dcm.imageInfo.resolution.magnification).toBe(20);
    expect(dcm.imageInfo.attachments).toEqual([
      { type: 'thumbnail', size: { w: 16, h: 16 }, byteSize: null },
      { type: 'iccProfile', size: null, byteSize: 456 },
    ]);
  });

  const image = async (fileName: string, kind: string, format = 'jpeg') => {
    const res = await t().request(owner, {
      method: 'GET',
      url: `/v1/projects/${project.id}/slides/${ids.get(fileName)}/${kind}?format=${format}`,
    });
    return res;
  };

  it('label, macro and thumbnail bytes decode with sharp at the file’s sizes', async () => {
    const cases: [string, string, string, number, number][] = [
      ['CMU-1-Small-Region.svs', 'label', 'png', 387, 463],
      ['CMU-1-Small-Region.svs', 'macro', 'jpeg', 1280, 431],
      ['CMU-1-Small-Region.svs', 'thumbnail', 'jpeg', 383, 512], // 574×768 shrunk to fit 512
      ['small_vectra.qptiff', 'label', 'jpeg', 199, 120],
      ['small_vectra.qptiff', 'macro', 'png', 201, 398], // the qptiff's Overview
      ['small_vectra.qptiff', 'thumbnail', 'jpeg', 480, 360],
      ['cells-2c.ome.tif', 'thumbnail', 'png', 93, 131], // none in the file: made from the level
      ['boxes_0.dcm', 'thumbnail', 'png', 16, 16],
    ];
    for (const [fileName, kind, format, w, h] of cases) {
      const res = await image(fileName, kind, format);
      expect(res.statusCode, `${fileName} ${kind}`).toBe(200);
      expect(res.headers['content-type']).toBe(format === 'png' ? 'image/png' : 'image/jpeg');
      expect(res.headers['cache-control']).toBe('private, max-age=86400');
      expect(res.headers['etag']).toMatch(/^".+"$/);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], `${fileName} ${kind}`).toEqual([format, w, h]);
    }
    // Asked again with its ETag: 304 without a body; asked again without: the same bytes (kept, not redrawn).
    const first = await image('CMU-1-Small-Region.svs', 'thumbnail', 'jpeg');
    const again = await t().request(owner, {
      method: 'GET',
      url: `/v1/projects/${project.id}/slides/${ids.get('CMU-1-Small-Region.svs')}/thumbnail?format=jpeg`,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(
      (await image('CMU-1-Small-Region.svs', 'thumbnail', 'jpeg')).rawPayload.equals(first.rawPayload),
    ).toBe(true);
    // The OME thumbnail composites channel 1 (green) and 2 (blue): no red at all.
    const ome = await image('cells-2c.ome.tif', 'thumbnail', 'png');
    const stats = await sharp(ome.rawPayload).stats();
    expect(stats.channels[0]!.max).toBe(0);
    expect(stats.channels[1]!.max + stats.channels[2]!.max).toBeGreaterThan(0);
  });

  it('thumbnails of a generic pyramid (smallest level) and of a JPEG 2000 SVS (through OpenSlide)', async () => {
    const dir = path.join(tmp, 'more');
    await mkdir(dir);
    await symlink(path.join(SLIDES, 'boxes.tiff'), path.join(dir, 'boxes.tiff'));
    const hasOpenSlide = await loadOpenSlide().then(
      () => true,
      () => false,
    );
    if (hasOpenSlide)
      await symlink(path.join(SLIDES, 'tcga-cr-7395-01a-01-ts1.svs'), path.join(dir, 'tcga.svs'));
    const c = capture();
    expect(await runImport(t().ctx, { dir, project: project.name }, c.io)).toBe(0);
    for (const line of c.out.filter((l) => l.startsWith('imported ')))
      ids.set(line.split(' ')[1]!, line.split(' ')[2]!);
    // openslide-show-properties: boxes.tiff levels 300×250 … 37×31, no associated images
    const boxes = await sharp((await image('boxes.tiff', 'thumbnail', 'png')).rawPayload).metadata();
    expect([boxes.width, boxes.height]).toEqual([37, 31]);
    if (hasOpenSlide) {
      // The TCGA thumbnail is 956×768 (JPEG), shrunk to fit 512.
      const tcga = await sharp((await image('tcga.svs', 'thumbnail')).rawPayload).metadata();
      expect([tcga.format, tcga.width, tcga.height]).toEqual(['jpeg', 512, 411]);
      expect((await details('tcga.svs')).imageInfo.resolution).toEqual({
        metersPerPixel: null,
        magnification: 20,
        isMagnificationKnown: false,
      });
    }
  });

  it('answers "Label unavailable" when the file has none', async () => {
    const res = await image('cells-2c.ome.tif', 'label');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'ASSOCIATED_IMAGE_UNAVAILABLE', message: 'Label unavailable' });
    expect((await image('boxes_0.dcm', 'macro')).json().message).toBe('Macro unavailable');
  });

  it('get-or-create by checksum: the existing slide, a new one in another project, 404 for unknown images', async () => {
    const existing = await details('CMU-1-Small-Region.svs');
    const body = { fileName: 'CMU-1-Small-Region.svs', fileExtension: 'svs', checksum: existing.checksum };
    const again = await t().request(owner, {
      method: 'POST',
      url: `/v1/projects/${project.id}/slides/get-or-create`,
      payload: body,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(existing.id);

    const writer = await t().createUser();
    const other = await t().createProject({ members: [{ user: writer, role: 'projectWrite' }] });
    const url = `/v1/projects/${other.id}/slides/get-or-create`;
    // The writer may read the image where it is stored: a reader of the first project.
    const added = await t().request(owner, {
      method: 'POST',
      url: `/v1/projects/${project.id}/members`,
      payload: { userIds: [writer.id], role: 'projectRead' },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const created = await t().request(writer, {
      method: 'POST',
      url,
      payload: { ...body, fileName: 'copy.svs', fileExtension: '.SVS' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      projectId: other.id,
      fileName: 'copy.svs',
      fileExtension: 'svs',
      name: 'copy',
      createdBy: writer.id,
      status: 'available',
    });
    expect(created.json().id).not.toBe(existing.id);
    const second = await t().request(writer, {
      method: 'POST',
      url,
      payload: { ...body, fileName: 'copy.svs', fileExtension: 'svs' },
    });
    expect(second.json().id).toBe(created.json().id);
    // The copy shares the image: its details are the same imageInfo.
    const copy = await t().request(writer, {
      method: 'GET',
      url: `/v1/projects/${other.id}/slides/${created.json().id}`,
    });
    expect(copy.json().imageInfo).toEqual(existing.imageInfo);

    const unknown = await t().request(writer, {
      method: 'POST',
      url,
      payload: { ...body, checksum: 'f'.repeat(64) },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('IMAGE_NOT_FOUND');
    const bad = await t().request(writer, { method: 'POST', url, payload: { ...body, checksum: 'xyz' } });
    expect(bad.statusCode).toBe(400);
    const traversal = await t().request(writer, {
      method: 'POST',
      url,
      payload: { ...body, fileName: '../../etc/passwd' },
    });
    expect(traversal.statusCode).toBe(400);

    const reader = await t().createUser();
    const readOnly = await t().createProject({ members: [{ user: reader, role: 'projectRead' }] });
    const refused = await t().request(reader, {
      method: 'POST',
      url: `/v1/projects/${readOnly.id}/slides/get-or-create`,
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('content addressing grants nothing: a checksum stored only in projects the caller cannot read answers like an unknown one', async () => {
    const existing = await details('CMU-1-Small-Region.svs');
    for (const caller of [
      await t().createUser({
        systemRoles: ['externalUser'],
        email: `guest.${crypto.randomBytes(3).toString('hex')}@partner-lab.org`,
      }),
      await t().createUser(),
    ]) {
      const own = await t().createProject({
        members: [
          {
            user: caller,
            role: caller.email.endsWith('partner-lab.org') ? 'projectExternal' : 'projectAdmin',
          },
        ],
      });
      const url = `/v1/projects/${own.id}/slides/get-or-create`;
      const asked = (checksum: string) =>
        t().request(caller, {
          method: 'POST',
          url,
          payload: { fileName: 'x.svs', fileExtension: 'svs', checksum },
        });
      const foreign = await asked(existing.checksum);
      const unknown = await asked('e'.repeat(64));
      if (foreign.statusCode === 403) {
        // A role without slideUpload is refused by the guard whatever the checksum.
        expect(unknown.statusCode).toBe(403);
        continue;
      }
      expect(foreign.statusCode).toBe(404);
      expect({ ...foreign.json(), message: foreign.json().message.replace(existing.checksum, '…') }).toEqual({
        ...unknown.json(),
        message: unknown.json().message.replace('e'.repeat(64), '…'),
      });
      const slides = await t().request(caller, { method: 'GET', url: `/v1/projects/${own.id}/slides/page` });
      expect(JSON.stringify(slides.json())).not.toContain(existing.checksum);
    }
  });

  it('a member of another project gets 404; a slide id of another project is not found in this one', async () => {
    const slideId = ids.get('CMU-1-Small-Region.svs')!;
    const res = await t().request(outsider, {
      method: 'GET',
      url: `/v1/projects/${project.id}/slides/${slideId}`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PROJECT_NOT_FOUND');
    expect(
      (
        await t().request(outsider, {
          method: 'GET',
          url: `/v1/projects/${project.id}/slides/${slideId}/thumbnail`,
        })
      ).statusCode,
    ).toBe(404);
    const own = (await t().request(outsider, { method: 'GET', url: '/v1/projects' })).json()[0].id;
    const cross = await t().request(outsider, {
      method: 'GET',
      url: `/v1/projects/${own}/slides/${slideId}`,
    });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ code: 'SLIDE_NOT_FOUND', message: `Slide with id ${slideId} not found.` });
  });

  it('answers ImageInfo unavailable when the stored files are gone', async () => {
    const dir = path.join(tmp, 'vanishing');
    await mkdir(dir);
    await symlink(path.join(SLIDES, 'cells-gray16.tif'), path.join(dir, 'cells-gray16.tif'));
    const c = capture();
    expect(await runImport(t().ctx, { dir, project: project.name }, c.io)).toBe(0);
    expect(c.out[0]).toMatch(/^imported cells-gray16.tif [0-9a-f]{24}$/);
    const slideId = c.out[0]!.split(' ')[2]!;
    await rm(path.join(dir, 'cells-gray16.tif'));
    const res = await t().request(owner, {
      method: 'GET',
      url: `/v1/projects/${project.id}/slides/${slideId}/thumbnail`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'IMAGE_INFO_UNAVAILABLE', message: 'ImageInfo unavailable' });
  });

  it('the import API: system super users only, folders under <data dir>/imports only', async () => {
    const imports = path.join(t().ctx.config.dataDir, 'imports');
    // Copies: the API takes only files that lie inside the imports folder.
    await makeFolder(path.join(imports, 'batch'), { isCopy: true });
    const admin = await t().createUser({ systemRoles: ['systemSuperUser'] });
    const target = await t().createProject();
    const url = `/v1/projects/${target.id}/import`;

    const notAdmin = await t().request(owner, {
      method: 'POST',
      url: `/v1/projects/${project.id}/import`,
      payload: { path: 'batch' },
    });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json().code).toBe('SYSTEM_SUPER_USER_REQUIRED');

    for (const outside of ['../', '../../etc', '/etc', tmp, path.join(imports, '..', 'imports-evil')]) {
      const res = await t().request(admin, { method: 'POST', url, payload: { path: outside } });
      expect(res.statusCode, outside).toBe(400);
      expect(res.json().message).toBe(
        'Only folders inside the imports folder of the data directory can be imported',
      );
    }
    // A symlinked folder inside imports that leads out of it is refused as well.
    await symlink(tmp, path.join(imports, 'escape'));
    expect(
      (await t().request(admin, { method: 'POST', url, payload: { path: 'escape/batch' } })).statusCode,
    ).toBe(400);
    const missing = await t().request(admin, { method: 'POST', url, payload: { path: 'nope' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The folder does not exist or is not a folder');

    const res = await t().request(admin, {
      method: 'POST',
      url,
      payload: { path: path.join(imports, 'batch') },
    });
    expect(res.statusCode).toBe(200);
    const summary = res.json();
    expect(summary.imported.map((i: { fileName: string }) => i.fileName).sort()).toEqual([
      'CMU-1-Small-Region.svs',
      'boxes_0.dcm',
      'cells-2c.ome.tif',
      'small_vectra.qptiff',
    ]);
    expect(summary.failed).toHaveLength(1);
    expect(summary.failed[0].fileName).toBe('broken.svs');
    expect(summary.failed[0].reason.length).toBeGreaterThan(0);
    const again = (await t().request(admin, { method: 'POST', url, payload: { path: 'batch' } })).json();
    expect(again.imported).toEqual([]);
    expect(again.skipped).toHaveLength(5);
  });

  it('the import API refuses a file whose link leads out of the imports folder, and imports the rest', async () => {
    const imports = path.join(t().ctx.config.dataDir, 'imports');
    const dir = path.join(imports, 'links');
    await mkdir(dir, { recursive: true });
    await symlink(path.join(SLIDES, 'cells-gray16.tif'), path.join(dir, 'elsewhere.tif'));
    await copyFile(path.join(SLIDES, 'boxes.tiff'), path.join(dir, 'inside.tiff'));
    // A link that stays inside the imports folder is fine.
    await symlink(path.join(dir, 'inside.tiff'), path.join(dir, 'alias.tiff'));
    const admin = await t().createUser({ systemRoles: ['systemSuperUser'] });
    const target = await t().createProject();
    const res = await t().request(admin, {
      method: 'POST',
      url: `/v1/projects/${target.id}/import`,
      payload: { path: 'links' },
    });
    expect(res.statusCode).toBe(200);
    const summary = res.json();
    expect(summary.failed).toEqual([
      {
        fileName: 'elsewhere.tif',
        reason: 'The file lies outside the imports folder (a link leading out of it)',
      },
    ]);
    expect(summary.imported.map((i: { fileName: string }) => i.fileName)).toEqual(['alias.tiff']);
    expect(summary.skipped.map((i: { fileName: string }) => i.fileName)).toEqual(['inside.tiff']);
  });
});
