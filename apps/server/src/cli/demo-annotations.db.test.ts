/**
 * The demo's annotations on both databases: two sets on the slide, a few hundred regions of several
 * classes and 200,000 rated markers, every one on the image, the same on every run.
 */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/harness.ts';
import { insertTestSlides } from '../../test/slides.fixtures.ts';
import { setImageSize } from '../../test/annotations.fixtures.ts';
import { DEMO_MARKER_SET, DEMO_MARKERS, DEMO_REGION_SET, seedDemoAnnotations } from './demo-annotations.ts';

describeEachDialect('demo annotations', (t) => {
  it('makes a region set and a 200,000-marker set, all on the slide', { timeout: 60_000 }, async () => {
    const user = await t().createUser();
    const projectId = (await t().createProject({ members: [{ user, role: 'projectRead' }] })).id;
    const [slideId] = await insertTestSlides(t().ctx.db, projectId, [{ fileName: 'demo.svs' }]);
    const size = { width: 8192, height: 6144 };
    await setImageSize(t().ctx.db, [slideId!], size);
    await seedDemoAnnotations(t().ctx, projectId, slideId!, user.id);

    const base = `/v1/projects/${projectId}`;
    const sets = (
      await t().request(user, { method: 'GET', url: `${base}/slides/${slideId}/annotation-sets` })
    ).json<{ id: string; name: string }[]>();
    expect(sets.map((s) => s.name)).toEqual([DEMO_MARKER_SET, DEMO_REGION_SET]);
    const [markerSet, regionSet] = sets;
    const regions = (
      await t().request(user, { method: 'GET', url: `${base}/annotation-sets/${regionSet!.id}/features` })
    ).json<{
      features: {
        geometry: { type: string; coordinates: unknown };
        properties: { annotationClass: string };
      }[];
    }>().features;
    expect(regions.length).toBeGreaterThan(200);
    expect(new Set(regions.map((r) => r.properties.annotationClass))).toEqual(
      new Set(['Tumor', 'Stroma', 'FOV', 'ROI']),
    );
    const coordinates = JSON.stringify(regions.map((r) => r.geometry.coordinates))
      .match(/-?[\d.]+/g)!
      .map(Number);
    expect(Math.min(...coordinates)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...coordinates)).toBeLessThanOrEqual(size.width);

    const stats = (
      await t().request(user, {
        method: 'GET',
        url: `${base}/annotation-sets/${markerSet!.id}/cell-markers/stats`,
      })
    ).json<{
      classes: { classId: string; total: number }[];
    }>().classes;
    expect(stats.reduce((n, c) => n + c.total, 0)).toBe(DEMO_MARKERS);
    expect(stats.map((c) => c.classId).sort()).toEqual(['Immune cell', 'Other cell', 'Tumor cell']);
  });
});
