import type { BrowserContext, Page } from '@playwright/test';
import { createUser, tokenFor } from '../../api/helpers/users';
import { newPage, viewports } from './browser';
import type { E2eApp } from './e2e-app';

/**
 * A page whose storage holds a signed-in patient's token (as after a sign-in), for a fresh
 * patient or the one given; the token stays until the app itself removes it (a logout).
 */
export async function signedInPage(
  e2e: E2eApp,
  existing?: { id: string; email: string; password: string },
): Promise<{
  context: BrowserContext;
  page: Page;
  token: string;
  user: { id: string; email: string; password: string };
}> {
  const user = existing ?? (await createUser(e2e.app));
  const token = await tokenFor(e2e.app, user.email, user.password);
  const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
  await context.addInitScript(
    ([t, id]) => {
      // Once per browser context (a cookie: a logout clears storage, not cookies).
      if (!document.cookie.includes('e2e-signed-in=1')) {
        // biome-ignore lint/suspicious/noDocumentCookie: a flag for this test context only
        document.cookie = 'e2e-signed-in=1; path=/';
        localStorage.setItem('token', t);
        localStorage.setItem('useidk', id);
      }
    },
    [token, user.id] as const,
  );
  return { context, page, token, user };
}
