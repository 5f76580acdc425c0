/** The harness itself: the built web app is served by the real server and the login page loads. */
import { test, expect } from './fixtures.ts';

test('the built app is served and /login shows the login page', async ({ page, request }) => {
  const version = await request.get('/version.json');
  expect(version.status()).toBe(200);
  expect(await version.json()).toEqual({ version: '2.1.875' });

  await page.goto('/login');
  await expect(page).toHaveTitle('Tessera');
  await expect(page.locator('#root')).not.toBeEmpty();
});
