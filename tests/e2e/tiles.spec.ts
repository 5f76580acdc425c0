/**
 * Passthrough tiles decoded by real Chromium (issue 3: "headless Chromium decodes a passthrough tile of
 * each JPEG test slide with the right colours"). CMU-1-Small-Region.svs stores RGB-photometric JPEG
 * tiles: served as stored plus an Adobe APP14 marker, a browser must not take them for YCbCr. The slide
 * is imported through the admin API from `<data dir>/imports` (a copy in the test's temporary data folder, never in the repository).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { apiCall, createProject } from './support/api.ts';
import { serverEnv } from './support/env.ts';
import { signInPage, USERS } from './support/users.ts';
import { slidePath } from '../../packages/wsi/test/slides.ts';

const SLIDE = slidePath('CMU-1-Small-Region.svs');
const TILE = 240;
/** A tissue tile of level 0 (z 4: the 2× levels down to one tile make z 0–4). */
const [Z, X, Y] = [4, 4, 6];

/** Mean RGB of the tile's region of level 0, decoded by libvips (libtiff handles the RGB JPEG). */
async function referenceMean(): Promise<number[]> {
  const { data } = await sharp(SLIDE)
    .extract({ left: X * TILE, top: Y * TILE, width: TILE, height: TILE })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i++) sum[i % 3]! += data[i]!;
  return sum.map((s) => s / (TILE * TILE));
}

/** Imports `files` (copied into a fresh folder under `<data dir>/imports`, which takes no links leading out) into a new project. */
async function importSlides(token: string, name: string, files: string[]) {
  const project = await createProject(token, `${name} ${Date.now()}`);
  const folder = path.join(serverEnv().TESSERA_DATA_DIR!, 'imports', `${name}-${project.id}`);
  fs.mkdirSync(folder, { recursive: true });
  for (const file of files) fs.copyFileSync(file, path.join(folder, path.basename(file)));
  const summary = await apiCall<{ imported: { fileName: string; slideId: string }[] }>(
    'POST',
    `/v1/projects/${project.id}/import`,
    {
      token,
      body: { path: folder },
    },
  );
  expect(summary.imported).toHaveLength(1);
  return { projectId: project.id, slideId: summary.imported[0]!.slideId };
}

/** Fetches a tile inside the page with the bearer token and decodes it as the viewer would: mean RGB. */
async function decodeInBrowser(page: Page, url: string, token: string) {
  return page.evaluate(
    async ({ url, token }) => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const blob = await res.blob();
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      const sum = [0, 0, 0];
      for (let i = 0; i < pixels.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += pixels[i + c]!;
      const n = bitmap.width * bitmap.height;
      return {
        status: res.status,
        type: blob.type,
        width: bitmap.width,
        height: bitmap.height,
        mean: sum.map((s) => s / n),
      };
    },
    { url, token },
  );
}

test('Chromium decodes a passthrough SVS tile with the colours OpenSlide/libvips give', async ({ page }) => {
  const tokens = await signInPage(page, USERS.admin);
  const { projectId, slideId } = await importSlides(tokens.accessToken, 'tiles-svs', [SLIDE]);
  await page.goto('/');
  const decoded = await decodeInBrowser(
    page,
    `/v1/projects/${projectId}/slides/${slideId}/tile/rgb/noeq/${Z}/${X}/${Y}`,
    tokens.accessToken,
  );
  expect(decoded.status).toBe(200);
  expect(decoded.type).toBe('image/jpeg');
  expect([decoded.width, decoded.height]).toEqual([TILE, TILE]);
  const reference = await referenceMean();
  // Tissue, not background: a YCbCr misreading would shift these by tens of levels.
  expect(Math.max(...reference) - Math.min(...reference)).toBeGreaterThan(20);
  for (let c = 0; c < 3; c++)
    expect(
      Math.abs(decoded.mean[c]! - reference[c]!),
      `channel ${c}: ${decoded.mean} vs ${reference}`,
    ).toBeLessThanOrEqual(3);
});

/**
 * pathml's small_dicom.dcm: 42 JPEG frames of 500², 7 × 6 (TILED_FULL, row-major), one level; the 2×
 * levels down to one tile make z 0–3. Reference: `vips magickload small_dicom.dcm --page 8` then
 * `vips stats` — frame 8 is tile (1, 1): mean R 209.10, G 153.64, B 180.22 (ImageMagick's own decoder).
 */
test('Chromium decodes a passthrough DICOM tile with the colours of an independent decoder', async ({
  page,
}) => {
  const tokens = await signInPage(page, USERS.admin);
  const dicom = slidePath('dicom/pathml-small/small_dicom.dcm');
  const { projectId, slideId } = await importSlides(tokens.accessToken, 'tiles-dicom', [dicom]);
  await page.goto('/');
  const decoded = await decodeInBrowser(
    page,
    `/v1/projects/${projectId}/slides/${slideId}/tile/rgb/noeq/3/1/1`,
    tokens.accessToken,
  );
  expect(decoded.status).toBe(200);
  expect(decoded.type).toBe('image/jpeg');
  expect([decoded.width, decoded.height]).toEqual([500, 500]);
  const reference = [209.1, 153.64, 180.22];
  for (let c = 0; c < 3; c++)
    expect(
      Math.abs(decoded.mean[c]! - reference[c]!),
      `channel ${c}: ${decoded.mean} vs ${reference}`,
    ).toBeLessThanOrEqual(3);
});

/**
 * openslide's boxes DICOM: two instances of one series (a 64² RGB-photometric JPEG frame holding the
 * 16 × 16 image, and an uncompressed thumbnail) imported as one slide, one level (z 0). Reference:
 * `dcmj2pnm +on boxes_0.dcm` (DCMTK's own decoder), mean of the frame R 253.95, G 253.68, B 253.86; read
 * as YCbCr instead of RGB, these near-white samples would come out with green near 120.
 */
test('Chromium decodes a passthrough RGB JPEG frame of a two-instance DICOM series with DCMTK’s colours', async ({
  page,
}) => {
  const tokens = await signInPage(page, USERS.admin);
  const series = ['boxes_0.dcm', 'boxes_1.dcm'].map((f) => slidePath(`dicom/openslide-boxes/${f}`));
  const { projectId, slideId } = await importSlides(tokens.accessToken, 'tiles-dicom-boxes', series);
  await page.goto('/');
  const decoded = await decodeInBrowser(
    page,
    `/v1/projects/${projectId}/slides/${slideId}/tile/rgb/noeq/0/0/0`,
    tokens.accessToken,
  );
  expect(decoded.status).toBe(200);
  expect(decoded.type).toBe('image/jpeg');
  expect([decoded.width, decoded.height]).toEqual([64, 64]);
  const reference = [253.95, 253.68, 253.86];
  for (let c = 0; c < 3; c++)
    expect(
      Math.abs(decoded.mean[c]! - reference[c]!),
      `channel ${c}: ${decoded.mean} vs ${reference}`,
    ).toBeLessThanOrEqual(3);
});
