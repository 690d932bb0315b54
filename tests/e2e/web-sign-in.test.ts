import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageKeys } from '../../shared/api/storage-keys';
import { messages, validationMessages } from '../../shared/errors/messages';
import { placedOrder } from '../api/helpers/placed-orders';
import { createUser } from '../api/helpers/users';
import { newPage, screenshot, viewports } from './helpers/browser';
import { type E2eApp, startE2e } from './helpers/e2e-app';
import { watchForZod } from './helpers/zod-scripts';
import {
  cartDrawer,
  fieldError,
  loginDrawer,
  openHome,
  productCard,
  recordApiCalls,
  viewportScreenshot,
  waitForMessage,
} from './web-shop-helpers';

/**
 * Sign-in, registration and the account (issue 6, items 3 and 5) in Chromium against the real
 * server: the spec's validation messages with nothing sent, passcode sign-in from the outbox,
 * the redirect after sign-in, the guest order carried into the account, reorder, password
 * reset, and logout.
 */
let e2e: E2eApp;

beforeAll(async () => {
  e2e = await startE2e();
});

afterAll(async () => {
  await e2e?.close();
});

async function openLoginDrawer(viewport = viewports.desktop) {
  const { context, page } = await newPage(e2e.browser, e2e.url, viewport);
  const zod = watchForZod(page);
  await openHome(page);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await loginDrawer(page).getByRole('button', { name: 'SIGN IN', exact: true }).waitFor();
  return { context, page, zod };
}

describe('validation', () => {
  it('shows the spec message for an invalid email on sign-in and sends nothing (no zod loaded)', async () => {
    const { context, page, zod } = await openLoginDrawer();
    try {
      const api = recordApiCalls(page);
      const drawer = loginDrawer(page);
      await drawer.getByLabel('Email').fill('patient@demo');
      await drawer.getByLabel('Password').fill('Patient#2026');
      await drawer.getByRole('button', { name: 'SIGN IN', exact: true }).click();
      await fieldError(page, validationMessages.emailError).waitFor();
      expect(await drawer.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
      expect(api.to('AccessTokenSfrw')).toEqual([]);

      // The passcode form applies the same rule before sending.
      await drawer
        .getByRole('button', { name: 'Sign in with a one-time passcode instead' })
        .click();
      await drawer.getByRole('textbox', { name: 'Email' }).fill('not an email');
      await drawer.getByRole('button', { name: 'SEND PASSCODE' }).click();
      await fieldError(page, validationMessages.emailError).waitFor();
      expect(api.to('SendLoginOtp')).toEqual([]);

      // The reset request uses its own key (emailFormatError), same words.
      await drawer.getByRole('button', { name: 'Sign in with your email and password' }).click();
      await drawer.getByRole('button', { name: 'Forgot your password?' }).click();
      await drawer.getByLabel('Email').fill('nobody@');
      await drawer.getByRole('button', { name: 'SEND RESET LINK' }).click();
      await fieldError(page, validationMessages.emailFormatError).waitFor();
      expect(api.to('ResetPasswordEmail')).toEqual([]);
      api.stop();
      // The drawer's forms check with plain code.
      await zod.expectNone();
    } finally {
      await context.close();
    }
  });

  it('shows the spec messages for a weak password, a short phone and short names on registration, sending nothing', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    try {
      const zod = watchForZod(page);
      await page.goto('/register');
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      const api = recordApiCalls(page);
      await page.getByLabel('First name').fill('A');
      await page.getByLabel('Last name').fill(' B ');
      await page.getByLabel('Email').fill('new.patient@example.test');
      await page.getByLabel('Phone number (optional)').fill('555-12');
      await page.getByLabel('Password', { exact: true }).fill('password1');
      await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
      await fieldError(page, validationMessages.passwordError).waitFor();
      await fieldError(page, validationMessages.phoneNoError).waitFor();
      await fieldError(page, validationMessages.firstNameError).waitFor();
      await fieldError(page, validationMessages.lastNameError).waitFor();
      expect(
        await page.getByRole('alert').filter({ hasText: validationMessages.phoneNoError }).count(),
      ).toBe(1);
      await screenshot(page, 'web-register-errors-1280');

      // "Join the movement" wants two names of two letters or more.
      await page.getByRole('button', { name: 'Already have an account?' }).click();
      const drawer = loginDrawer(page);
      await drawer.getByRole('button', { name: 'Join the movement' }).click();
      await drawer.getByLabel('Full name').fill('Al');
      await drawer.getByLabel('Email').fill('al@example.test');
      await drawer.getByRole('button', { name: 'JOIN THE MOVEMENT' }).click();
      await fieldError(page, validationMessages.fullNameError).waitFor();

      expect(api.to('SendRegistrationCode')).toEqual([]);
      expect(api.to('Register')).toEqual([]);
      expect(api.to('RegisterJTM')).toEqual([]);
      api.stop();
      await zod.expectNone();
    } finally {
      await context.close();
    }
  });

  it('shows the wrong-credentials message on the password field', async () => {
    const { context, page } = await openLoginDrawer();
    try {
      const drawer = loginDrawer(page);
      await drawer.getByLabel('Email').fill('patient@demo.test');
      await drawer.getByLabel('Password').fill('Wrong#Password1');
      await drawer.getByRole('button', { name: 'SIGN IN', exact: true }).click();
      await fieldError(page, messages.wrongCredentials).waitFor();
      // Still signed out, the drawer still open.
      expect(await page.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(1);
      await viewportScreenshot(page, 'web-login-drawer-error-1280');
    } finally {
      await context.close();
    }
  });
});

describe('signed in', () => {
  it('signs a returning patient in with a passcode from the outbox, then reorders from the order details', async () => {
    const user = await createUser(e2e.app);
    const order = await placedOrder(e2e.app, user.id, {
      items: [{ sku: 'OTC-EYE-DROPS', qty: 2 }],
    });
    const { context, page } = await openLoginDrawer();
    try {
      const drawer = loginDrawer(page);
      await drawer
        .getByRole('button', { name: 'Sign in with a one-time passcode instead' })
        .click();
      await drawer.getByRole('textbox', { name: 'Email' }).fill(user.email);
      expect(await drawer.getByRole('checkbox', { name: 'Email' }).isChecked()).toBe(true);
      await drawer.getByRole('button', { name: 'SEND PASSCODE' }).click();
      await drawer.getByLabel('Passcode').waitFor();
      const [, code] = await waitForMessage(e2e.url, user.email, /passcode is (\d{6})/);

      // A wrong code: the spec's message, on the field.
      await drawer.getByLabel('Passcode').fill(code === '000000' ? '111111' : '000000');
      await drawer.getByRole('button', { name: 'VERIFY' }).click();
      await fieldError(page, messages.invalidPasscode).waitFor();
      // Asking again at once is throttled by the server, which says how long to wait.
      await drawer.getByRole('button', { name: 'Send a new passcode' }).click();
      await drawer
        .getByRole('alert')
        .filter({ hasText: 'before requesting a new passcode' })
        .waitFor();

      await drawer.getByLabel('Passcode').fill(code as string);
      await drawer.getByRole('button', { name: 'VERIFY' }).click();
      await page.getByRole('link', { name: 'My account' }).waitFor();
      await drawer.waitFor({ state: 'hidden' });
      expect(
        await page.evaluate((key) => localStorage.getItem(key), storageKeys.token),
      ).toBeTruthy();
      expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.useidk)).toBe(
        user.id,
      );

      await page.getByRole('link', { name: 'My account' }).click();
      await page.getByRole('heading', { name: 'Welcome back, Test' }).waitFor();
      const recent = page.getByRole('list', { name: 'Recent orders' });
      await recent.getByRole('link', { name: `Order ${order.orderNumber}` }).waitFor();
      expect(await recent.textContent()).toContain('Lubricating eye drops × 2');
      await page.getByRole('list', { name: 'Order history' }).waitFor();

      await recent.getByRole('link', { name: `Order ${order.orderNumber}` }).click();
      await page.waitForURL(`**/order-details?id=${order.id}`);
      await page.getByRole('heading', { name: `Receipt for order ${order.orderNumber}` }).waitFor();
      expect(
        await page.getByRole('row', { name: /Lubricating eye drops/ }).textContent(),
      ).toContain('$29.98');

      await page.getByRole('button', { name: 'REORDER' }).click();
      const cart = cartDrawer(page);
      await cart.getByText('$14.99 each').waitFor();
      expect(await cart.getByLabel('Quantity of Lubricating eye drops').count()).toBe(1);
      await page.getByRole('button', { name: 'Cart, 2 items' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('opens the login drawer for /my-account when signed out, then follows the redirect after sign-in', async () => {
    const user = await createUser(e2e.app);
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    try {
      await page.goto('/my-account');
      const drawer = loginDrawer(page);
      await drawer.getByRole('button', { name: 'SIGN IN', exact: true }).waitFor();
      // Closed, the drawer opens again from the page's own SIGN IN.
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await page.getByText('Please sign in to see this page.').waitFor();
      await page.locator('main').getByRole('button', { name: 'SIGN IN', exact: true }).click();
      await drawer.getByRole('button', { name: 'SIGN IN', exact: true }).waitFor();
      await drawer.getByLabel('Email').fill(user.email);
      await drawer.getByLabel('Password').fill(user.password);
      await drawer.getByRole('button', { name: 'SIGN IN', exact: true }).click();
      await page.getByRole('heading', { name: 'Welcome back, Test' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/my-account');
      await page.getByText('You have no orders yet.').waitFor();
      await drawer.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  });

  it('carries the guest order into the account at sign-in', async () => {
    const user = await createUser(e2e.app);
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    try {
      await openHome(page);
      await productCard(page, 'Allergy relief')
        .getByRole('button', { name: 'ADD TO CART' })
        .click();
      await cartDrawer(page).getByText('$12.99 each').waitFor();
      await cartDrawer(page).getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const drawer = loginDrawer(page);
      await drawer.getByLabel('Email').fill(user.email);
      await drawer.getByLabel('Password').fill(user.password);
      await drawer.getByRole('button', { name: 'SIGN IN', exact: true }).click();
      await page.getByRole('link', { name: 'My account' }).waitFor();
      expect(
        await page.evaluate((key) => localStorage.getItem(key), storageKeys.guestOrderId),
      ).toBeNull();
      await page.getByRole('button', { name: 'Cart, 1 item' }).click();
      await cartDrawer(page).getByText('$12.99 each').waitFor();
    } finally {
      await context.close();
    }
  });

  it('registers a new patient, who is signed in straight away (the page loads no zod)', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.phone);
    try {
      const zod = watchForZod(page);
      const api = recordApiCalls(page);
      await page.goto('/register');
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      const email = `new.${Date.now()}@example.test`;
      await page.getByLabel('First name').fill('Nora');
      await page.getByLabel('Last name').fill('Quinn');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Phone number (optional)').fill('(503) 555-0142');
      await page.getByLabel('Password', { exact: true }).fill('Evergreen#2026');
      await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();

      // The second step: the code mailed to the address. A wrong one is refused on its field.
      await page.getByText(`We sent a 6-digit code to ${email}`).waitFor();
      const [, code] = await waitForMessage(e2e.url, email, /create an account is (\d{6})/);
      // A code that cannot be one is refused before anything is sent.
      await page.getByLabel('Code from the email').fill('12 34');
      await page.getByRole('button', { name: 'CONFIRM AND CREATE ACCOUNT' }).click();
      await fieldError(page, validationMessages.emailCodeError).waitFor();
      expect(api.to('Register')).toEqual([]);
      // Both steps checked with plain code.
      await zod.expectNone();
      api.stop();
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      await page.getByLabel('Code from the email').fill(wrong);
      await page.getByRole('button', { name: 'CONFIRM AND CREATE ACCOUNT' }).click();
      await fieldError(page, messages.invalidEmailCode).waitFor();
      await screenshot(page, 'web-register-code-375');
      // "Send a new code" right away: the wait between codes is said; the first code still serves.
      await page.getByRole('button', { name: 'Send a new code' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /Please wait \d+ seconds before requesting a new passcode\./ })
        .waitFor();
      // Back to the details, kept as typed, and on again: the code already sent still serves.
      await page.getByRole('button', { name: 'Change my details' }).click();
      expect(await page.getByLabel('First name').inputValue()).toBe('Nora');
      await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
      await page.getByLabel('Code from the email').fill(code ?? '');
      await page.getByRole('button', { name: 'CONFIRM AND CREATE ACCOUNT' }).click();
      await page.getByRole('heading', { name: 'Welcome back, Nora' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/my-account');

      // The same email again: the spec's "already have an account" message, on the field.
      const { context: other, page: again } = await newPage(
        e2e.browser,
        e2e.url,
        viewports.desktop,
      );
      try {
        await again.goto('/register');
        await again.getByLabel('First name').fill('Nora');
        await again.getByLabel('Last name').fill('Quinn');
        await again.getByLabel('Email').fill(email);
        await again.getByLabel('Password', { exact: true }).fill('Evergreen#2026');
        await again.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
        await fieldError(again, messages.emailAlreadyRegistered).waitFor();
      } finally {
        await other.close();
      }
    } finally {
      await context.close();
    }
  });

  it('joins the movement with a full name, an email and the code mailed to it', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.phone);
    try {
      await page.goto('/register');
      await page.getByRole('button', { name: 'Already have an account?' }).click();
      const drawer = loginDrawer(page);
      await drawer.getByRole('button', { name: 'Join the movement' }).click();
      const email = `member.${Date.now()}@example.test`;
      await drawer.getByLabel('Full name').fill('Mary Ann Smith');
      await drawer.getByLabel('Email').fill(email);
      await drawer.getByRole('button', { name: 'JOIN THE MOVEMENT' }).click();
      await drawer.getByText(`We sent a 6-digit code to ${email}`).waitFor();
      await screenshot(page, 'web-join-code-375');
      const [, code] = await waitForMessage(e2e.url, email, /create an account is (\d{6})/);
      await drawer.getByLabel('Code from the email').fill(code ?? '');
      await drawer.getByRole('button', { name: 'CONFIRM AND JOIN' }).click();
      await drawer.waitFor({ state: 'hidden' });
      const session = await page.evaluate(
        (key) => window.localStorage.getItem(key),
        storageKeys.token,
      );
      expect(session).toBeTruthy();
    } finally {
      await context.close();
    }
  });

  it('resets a forgotten password through the emailed link, opened on a phone (no zod loaded)', async () => {
    const user = await createUser(e2e.app);
    const asked = await openLoginDrawer();
    let link: string | undefined;
    try {
      const drawer = loginDrawer(asked.page);
      await drawer.getByRole('button', { name: 'Forgot your password?' }).click();
      await drawer.getByLabel('Email').fill(user.email);
      await drawer.getByRole('button', { name: 'SEND RESET LINK' }).click();
      await drawer.getByText(messages.resetEmailSent).waitFor();
      [link] = await waitForMessage(e2e.url, user.email, /http\S+\/reset-password\?token=\S+/);
    } finally {
      await asked.context.close();
    }

    // The link opened where the mail is read: a browser that has loaded nothing of the app.
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.phone);
    try {
      const zod = watchForZod(page);
      const api = recordApiCalls(page);
      const url = new URL(link ?? '');
      await page.goto(url.pathname + url.search);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await page.getByLabel('New password').fill('short');
      await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
      await fieldError(page, validationMessages.passwordError).waitFor();
      expect(api.to('ResetPassword')).toEqual([]);
      // The page checks with plain code.
      await zod.expectNone();

      await page.getByLabel('New password').fill('Brand#New2026');
      await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
      await page.getByText(messages.passwordResetDone).waitFor();
      expect(api.to('ResetPassword')).toHaveLength(1);

      await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
      const drawer = loginDrawer(page);
      await drawer.getByLabel('Email').fill(user.email);
      await drawer.getByLabel('Password').fill('Brand#New2026');
      await drawer.getByRole('button', { name: 'SIGN IN', exact: true }).click();
      await expect
        .poll(() => page.evaluate((key) => localStorage.getItem(key), storageKeys.useidk))
        .toBe(user.id);
    } finally {
      await context.close();
    }
  });

  it('says a reset link whose token cannot be one is not valid, and offers a new link', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.phone);
    try {
      await page.goto('/reset-password?token=two%20words');
      await page
        .getByRole('alert')
        .filter({ hasText: validationMessages.resetTokenError })
        .waitFor();
      expect(await page.getByLabel('New password').count()).toBe(0);
      await page.getByRole('button', { name: 'Request a new link' }).click();
      await loginDrawer(page).getByRole('button', { name: 'SEND RESET LINK' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('logs out: storage cleared, the login drawer open, at home', async () => {
    const user = await createUser(e2e.app);
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    try {
      await page.goto('/my-account');
      const drawer = loginDrawer(page);
      await drawer.getByLabel('Email').fill(user.email);
      await drawer.getByLabel('Password').fill(user.password);
      await drawer.getByRole('button', { name: 'SIGN IN', exact: true }).click();
      await page.getByRole('heading', { name: 'Welcome back, Test' }).waitFor();
      const token = await page.evaluate((key) => localStorage.getItem(key), storageKeys.token);
      expect(token).toBeTruthy();

      await page.getByRole('button', { name: 'LOG OUT' }).click();
      await page.waitForURL(`${e2e.url}/`);
      await drawer.getByRole('button', { name: 'SIGN IN', exact: true }).waitFor();
      // The drawer starts afresh: nothing of the last sign-in is left in its form.
      expect(await drawer.getByLabel('Email').inputValue()).toBe('');
      expect(await drawer.getByLabel('Password').inputValue()).toBe('');
      expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      // The token was revoked on the server.
      const response = await fetch(`${e2e.url}/api/order/GetRecentOrders`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(401);
    } finally {
      await context.close();
    }
  });

  it('sends clientIp (from /api/getClientIp, else "{ip}") and GA with the sign-in, as spec §7 shapes it', async () => {
    const user = await createUser(e2e.app);
    for (const lookup of ['works', 'fails'] as const) {
      const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
      try {
        await context.addCookies([
          { name: '_ga', value: 'GA1.1.987654321.1764000000', url: e2e.url },
        ]);
        if (lookup === 'fails') await page.route('**/api/getClientIp', (route) => route.abort());
        const signIn = page.waitForRequest((r) => r.url().endsWith('/api/auth/AccessTokenSfrw'));
        await page.goto('/my-account');
        const drawer = loginDrawer(page);
        await drawer.getByLabel('Email').fill(user.email);
        await drawer.getByLabel('Password').fill(user.password);
        await drawer.getByRole('button', { name: 'SIGN IN', exact: true }).click();
        const form = new URLSearchParams((await signIn).postData() ?? '');
        expect(form.get('clientIp')).toBe(lookup === 'works' ? '127.0.0.1' : '{ip}');
        expect(form.get('GA')).toBe('987654321.1764000000');
        await page.getByRole('heading', { name: 'Welcome back, Test' }).waitFor();
      } finally {
        await context.close();
      }
    }
  });
});
