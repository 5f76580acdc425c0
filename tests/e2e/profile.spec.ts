/** The profile page's API key (spec 1 §2, §3, §7): generate once, see it once, use it as a bearer token. */
import { test, expect } from './fixtures.ts';
import { apiCall } from './support/api.ts';
import { signInPage, USERS } from './support/users.ts';

test('profile: generate an API key, see it once, and call the API with it', async ({ page, shot }) => {
  await signInPage(page, USERS.writer);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByTestId('profile-email')).toHaveText(USERS.writer);
  const section = page.getByRole('region', { name: 'API key' });
  const generate = section.getByRole('button', { name: /^(Generate|Regenerate) API key$/ });
  await expect(generate).toBeVisible();
  const regenerating = (await generate.textContent())?.startsWith('Regenerate');
  await generate.click();
  if (regenerating)
    await page
      .getByRole('dialog', { name: 'Regenerate API key?' })
      .getByRole('button', { name: 'Regenerate' })
      .click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const apiKey = (await shown.getByTestId('new-api-key').textContent())?.trim() ?? '';
  expect(apiKey).toMatch(/^tsk_/);
  const me = await apiCall<{ email: string }>('GET', '/v1/me', { token: apiKey });
  expect(me.email).toBe(USERS.writer);

  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  // Afterwards only its creation time shows (YYYY-MM-DD HH:mm, spec 1 §3), never the key.
  await expect(section.getByTestId('api-key-created')).toHaveText(/^Created \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await expect(section.getByText(apiKey)).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Regenerate API key' })).toBeVisible();
  await shot('profile-api-keys');
});
