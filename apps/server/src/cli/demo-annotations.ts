/**
 * The demo's annotations (issue #13 point 7): on the brightfield demo slide, a set of a few hundred
 * region annotations of several classes — tumour and stroma outlines, fields of view, a region of
 * interest, rulers — and a set of 200,000 cell markers spread over the tumour regions, rated and
 * ranked. Deterministic (a seeded generator), written through the same queries the API uses.
 */
import type { CellMarkerInput, Position, RegionFeatureInput } from '@tessera/domain';
import { CELL_MARKER_RANKINGS, CELL_MARKER_RATINGS, SPECIAL_CLASS_IDS } from '@tessera/domain';
import { createRandom } from '@tessera/wsi';
import type { AppContext } from '../context.ts';
import { nowIso } from '../db/dialect.ts';
import { newId } from '../lib/ids.ts';
import { findSlideImage, insertSet } from '../modules/annotations/annotation-sets.queries.ts';
import { createItems } from '../modules/annotations/annotation-writes.ts';

export const DEMO_REGION_SET = 'Demo regions';
export const DEMO_MARKER_SET = 'Demo cell markers';
export const DEMO_MARKERS = 200_000;

const round1 = (v: number) => Math.round(v * 10) / 10;

/** A lobed closed outline around (cx, cy): what a hand-drawn tumour or stroma region looks like. */
function blob(next: () => number, cx: number, cy: number, radius: number, vertices = 48): Position[] {
  const lobes = 2 + Math.floor(next() * 4);
  const phase = next() * Math.PI * 2;
  const ring = Array.from({ length: vertices }, (_, i): Position => {
    const angle = (2 * Math.PI * i) / vertices;
    const r = radius * (1 + 0.25 * Math.sin(lobes * angle + phase) + 0.05 * (next() - 0.5));
    return [round1(cx + r * Math.cos(angle)), round1(cy + r * Math.sin(angle))];
  });
  return [...ring, ring[0]!];
}

const region = (
  classId: string,
  coordinates: Position[][],
  extra: Record<string, unknown> = {},
): RegionFeatureInput => ({
  type: 'Feature',
  geometry: { type: 'Polygon', coordinates },
  properties: { annotationType: 'Freehand', annotationClass: classId, annotatedBy: 'demo', ...extra },
});

function demoRegions(width: number, height: number, next: () => number) {
  const regions: RegionFeatureInput[] = [];
  const tumours: { cx: number; cy: number; r: number }[] = [];
  const margin = 600;
  const at = () => [margin + next() * (width - 2 * margin), margin + next() * (height - 2 * margin)] as const;
  for (let i = 0; i < 120; i++) {
    const [cx, cy] = at();
    const r = 60 + next() * 180;
    tumours.push({ cx, cy, r });
    regions.push(region('Tumor', [blob(next, cx, cy, r)]));
  }
  for (let i = 0; i < 160; i++) {
    const [cx, cy] = at();
    regions.push(region('Stroma', [blob(next, cx, cy, 40 + next() * 120, 32)]));
  }
  // Fields of view: squares of 250 µm-ish, locked as a reviewer would leave them.
  for (let i = 0; i < 12; i++) {
    const [x, y] = at();
    const side = 500;
    regions.push(
      region(
        SPECIAL_CLASS_IDS.fov,
        [
          [
            [x, y],
            [x + side, y],
            [x + side, y + side],
            [x, y + side],
            [x, y],
          ],
        ],
        {
          isLocked: true,
        },
      ),
    );
  }
  regions.push(
    region(SPECIAL_CLASS_IDS.roi, [blob(next, width / 2, height / 2, Math.min(width, height) / 3, 96)]),
  );
  for (let i = 0; i < 8; i++) {
    const [x, y] = at();
    regions.push({
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [x, y],
          [round1(x + 200 + next() * 400), y],
        ],
      },
      properties: { annotationType: 'Ruler', annotationClass: 'Tumor', annotatedBy: 'demo' },
    });
  }
  return { regions, tumours };
}

function demoMarkers(
  tumours: readonly { cx: number; cy: number; r: number }[],
  next: () => number,
): CellMarkerInput[] {
  const classes = ['Tumor cell', 'Immune cell', 'Other cell'] as const;
  return Array.from({ length: DEMO_MARKERS }, () => {
    const t = tumours[Math.floor(next() * tumours.length)]!;
    const angle = next() * Math.PI * 2;
    const distance = Math.sqrt(next()) * t.r;
    const classId = classes[next() < 0.6 ? 0 : next() < 0.7 ? 1 : 2];
    return {
      type: 'Feature',
      geometry: {
        type: 'Point',
        coordinates: [round1(t.cx + distance * Math.cos(angle)), round1(t.cy + distance * Math.sin(angle))],
      },
      properties: {
        classes: [
          {
            classId,
            rating: CELL_MARKER_RATINGS[Math.floor(next() * CELL_MARKER_RATINGS.length)],
            ranking: CELL_MARKER_RANKINGS[Math.floor(next() * CELL_MARKER_RANKINGS.length)],
          },
        ],
      },
    };
  });
}

/** Makes the two demo sets on the slide, each in one transaction. */
export async function seedDemoAnnotations(
  ctx: AppContext,
  projectId: string,
  slideId: string,
  userId: string,
): Promise<void> {
  const found = await findSlideImage(ctx.db, projectId, slideId);
  const info = found && (JSON.parse(found.image_info) as { width?: number; height?: number });
  if (!found || !info?.width || !info.height) return;
  const slide = { id: slideId, imageId: found.image_id, width: info.width, height: info.height };
  const next = createRandom(11);
  const { regions, tumours } = demoRegions(slide.width, slide.height, next);
  const markers = demoMarkers(tumours, next);
  for (const [name, content] of [
    [DEMO_REGION_SET, { regions, markers: [] }],
    [DEMO_MARKER_SET, { regions: [], markers }],
  ] as const) {
    await ctx.db.transaction().execute(async (tx) => {
      const id = newId();
      await insertSet(
        tx,
        { id, image_id: slide.imageId, name, created_by: userId, created_at: nowIso() },
        { project_id: projectId, slide_id: slide.id },
      );
      const set = { id, name, version: 1, slideId: slide.id, imageSize: { w: slide.width, h: slide.height } };
      await createItems(tx, set, userId, content.regions, content.markers);
    });
  }
}
