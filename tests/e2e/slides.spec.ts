/**
 * The demo project holds a synthetic brightfield and a synthetic fluorescence slide, generated at the
 * first start and registered through the import path; the project page shows them with thumbnails
 * rendered from the files.
 */
import { test, expect } from './fixtures.ts';
import { listProjects } from './support/api.ts';
import { signInPage, USERS } from './support/users.ts';

test('the demo project shows its slides with thumbnails from the files', async ({ page, shot }) => {
  const tokens = await signInPage(page, USERS.admin);
  const demo = (await listProjects(tokens.accessToken)).find((p) => p.name === 'Demo project')!;
  await page.goto(`/projects/${demo.id}/slides`);
  const slides = page.getByRole('list', { name: 'Slides' });
  await expect(slides.getByRole('listitem')).toHaveCount(2);
  for (const name of ['demo-brightfield', 'demo-fluorescence']) {
    const thumbnail = page.getByRole('img', { name: `Thumbnail of ${name}` });
    await expect(thumbnail).toBeVisible();
    // Decoded by the browser: a broken image has no natural size.
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  }
  await shot('project-slides');
});
