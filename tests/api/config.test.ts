import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefronts } from '../../server/db/schema/platform';
import { issueToken } from '../../server/modules/auth/token-service';
import { invalidateStorefrontCache } from '../../server/modules/config/storefront-cache';
import { findUserByEmail } from '../../server/modules/users/user-queries';
import { mergeThemeConfig } from '../../shared/theme/merge-theme-config';
import { themeFlagKeys } from '../../shared/theme/theme-config';
import { defaultThemeConfig } from '../../shared/theme/theme-defaults';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await startTestApp();
  key = t.config.apiKey;
});
afterAll(async () => {
  await t.close();
});

const applicationSettings = {
  PharmacyChoice: true,
  HideBMI: false,
  ShowPreQuestionnairePage: true,
  ShowPreShippingPage: true,
  ShowPreDoctorConfirmationPage: true,
  ShowPreSchedulingPage: true,
  ShowGreetingPage: false,
  ShowPrePaymentPage: true,
};

function expectBadRequest(res: { status: number; body: { Data: unknown; status: number } }) {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ Data: null, status: 400 });
}

function expectNotFound(res: { status: number; body: { Data: unknown; status: number } }) {
  expect(res.status).toBe(404);
  expect(res.body).toMatchObject({ Data: null, status: 404 });
}

describe('GET /api/config/Storefront/GetPhoneAndEmail', () => {
  const path = '/api/config/Storefront/GetPhoneAndEmail';

  it('answers the storefront phone and email to a caller with the api key', async () => {
    const res = await call(t.url, 'GET', `${path}?storefrontId=132`, { apiKey: key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      Data: { phone: '(888) 555-0132', email: 'care@evergreenhealth.example' },
      Message: 'OK',
      status: 200,
    });
  });

  it('accepts any valid token instead of the api key', async () => {
    const admin = await findUserByEmail(t.database.db, 'admin@demo.test');
    if (!admin) throw new Error('demo admin missing');
    const issued = await issueToken(t.database.db, {
      kind: 'user',
      userId: admin.id,
      role: admin.role,
      ip: null,
    });
    const res = await call(t.url, 'GET', `${path}?storefrontId=132`, { token: issued.token });
    expect(res.status).toBe(200);
    expect(res.body.Data.phone).toBe('(888) 555-0132');
  });

  it('refuses a caller with no credential or a wrong api key (401)', async () => {
    const none = await call(t.url, 'GET', `${path}?storefrontId=132`);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ Data: null, status: 401 });
    const wrong = await call(t.url, 'GET', `${path}?storefrontId=132`, {
      apiKey: 'not-the-api-key-0000',
    });
    expect(wrong.status).toBe(401);
  });

  it('answers 404 for an unknown storefront', async () => {
    expectNotFound(await call(t.url, 'GET', `${path}?storefrontId=999`, { apiKey: key }));
  });

  it.each([
    '',
    '?storefrontId=',
    '?storefrontId=abc',
    '?storefrontId=-1',
    '?storefrontId=0',
    '?storefrontId=1.5',
    '?storefrontId=1e3',
    '?storefrontId=99999999999',
    '?storefrontId=2147483648',
    '?storefrontId=132&extra=1',
    '?storefrontId=132&storefrontId=133',
  ])('refuses the bad query %j with 400', async (query) => {
    expectBadRequest(await call(t.url, 'GET', `${path}${query}`, { apiKey: key }));
  });
});

describe('POST /api/config/Storefront/GetTaxSettings', () => {
  const path = '/api/config/Storefront/GetTaxSettings';

  it('answers the tax settings, rates in basis points', async () => {
    const res = await call(t.url, 'POST', path, { apiKey: key, json: { storefrontId: 132 } });
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual({
      isSalesTaxEnabled: true,
      rateBasisPointsByState: {
        CA: 725,
        NY: 400,
        TX: 625,
        IL: 625,
        WA: 650,
        FL: 600,
        PA: 600,
        NJ: 663,
      },
      taxShipping: false,
    });
  });

  it('accepts the id as a string of digits', async () => {
    const res = await call(t.url, 'POST', path, { apiKey: key, json: { storefrontId: '132' } });
    expect(res.status).toBe(200);
    expect(res.body.Data.isSalesTaxEnabled).toBe(true);
  });

  it('refuses a caller without credentials (401)', async () => {
    const res = await call(t.url, 'POST', path, { json: { storefrontId: 132 } });
    expect(res.status).toBe(401);
  });

  it('answers 404 for an unknown storefront', async () => {
    expectNotFound(await call(t.url, 'POST', path, { apiKey: key, json: { storefrontId: 7 } }));
  });

  it.each([
    [{}],
    [{ storefrontId: null }],
    [{ storefrontId: true }],
    [{ storefrontId: [132] }],
    [{ storefrontId: 0 }],
    [{ storefrontId: -132 }],
    [{ storefrontId: 1.5 }],
    [{ storefrontId: 2 ** 31 }],
    [{ storefrontId: 'abc' }],
    [{ storefrontId: 132, extra: 1 }],
    [{ StorefrontId: 132 }],
    [[132]],
    ['132'],
  ])('refuses the bad body %j with 400', async (json) => {
    expectBadRequest(await call(t.url, 'POST', path, { apiKey: key, json }));
  });

  it('refuses malformed JSON and a __proto__ key with 400', async () => {
    expectBadRequest(
      await call(t.url, 'POST', path, {
        apiKey: key,
        raw: { body: '{"storefrontId":', contentType: 'application/json' },
      }),
    );
    expectBadRequest(
      await call(t.url, 'POST', path, {
        apiKey: key,
        raw: {
          body: '{"storefrontId":132,"__proto__":{"x":1}}',
          contentType: 'application/json',
        },
      }),
    );
  });
});

describe('/api/config/Storefront/{id}/applicationsettings', () => {
  const path = (id: string | number) => `/api/config/Storefront/${id}/applicationsettings`;

  it('GET answers PharmacyChoice, HideBMI and the display-page switches', async () => {
    const res = await call(t.url, 'GET', path(132), { apiKey: key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Data: applicationSettings, Message: 'OK', status: 200 });
  });

  it('POST answers the same, with no body or an empty one', async () => {
    const bare = await call(t.url, 'POST', path(132), { apiKey: key });
    expect(bare.status).toBe(200);
    expect(bare.body.Data).toEqual(applicationSettings);
    const empty = await call(t.url, 'POST', path(132), { apiKey: key, json: {} });
    expect(empty.status).toBe(200);
    expect(empty.body.Data).toEqual(applicationSettings);
  });

  it('refuses callers without credentials (401)', async () => {
    expect((await call(t.url, 'GET', path(132))).status).toBe(401);
    expect((await call(t.url, 'POST', path(132), { json: {} })).status).toBe(401);
  });

  it('answers 404 for an unknown storefront', async () => {
    expectNotFound(await call(t.url, 'GET', path(131), { apiKey: key }));
    expectNotFound(await call(t.url, 'POST', path(131), { apiKey: key, json: {} }));
  });

  it.each(['abc', '0', '-1', '1e3', '99999999999', '%00'])(
    'refuses the bad id %j with 400',
    async (id) => {
      expectBadRequest(await call(t.url, 'GET', path(id), { apiKey: key }));
      expectBadRequest(await call(t.url, 'POST', path(id), { apiKey: key, json: {} }));
    },
  );

  it('refuses a POST body with fields (400)', async () => {
    expectBadRequest(
      await call(t.url, 'POST', path(132), { apiKey: key, json: { HideBMI: true } }),
    );
  });
});

describe('POST /api/config/v1/consents', () => {
  const path = '/api/config/v1/consents';

  it('answers the storefront consents in their order', async () => {
    const res = await call(t.url, 'POST', path, { apiKey: key, json: { StorefrontId: 132 } });
    expect(res.status).toBe(200);
    const list = res.body.Data as {
      id: string;
      title: string;
      body: string;
      version: number;
      required: boolean;
    }[];
    expect(list.map((c) => c.id)).toEqual(['telehealth', 'privacy', 'terms', 'marketing']);
    expect(list[0]).toEqual({
      id: 'telehealth',
      title: 'Consent to telehealth',
      body: 'I agree to receive care from a licensed provider through a video, phone or asynchronous visit, and I understand its benefits and limits.',
      version: 1,
      required: true,
    });
    expect(list.map((c) => c.required)).toEqual([true, true, true, false]);
    for (const consent of list) {
      expect(Object.keys(consent).sort()).toEqual(['body', 'id', 'required', 'title', 'version']);
    }
  });

  it('refuses a caller without credentials (401)', async () => {
    expect((await call(t.url, 'POST', path, { json: { StorefrontId: 132 } })).status).toBe(401);
  });

  it('answers 404 for an unknown storefront', async () => {
    expectNotFound(await call(t.url, 'POST', path, { apiKey: key, json: { StorefrontId: 500 } }));
  });

  it.each([
    [{}],
    [{ storefrontId: 132 }],
    [{ StorefrontId: 'x' }],
    [{ StorefrontId: 0 }],
    [{ StorefrontId: 132, extra: true }],
  ])('refuses the bad body %j with 400', async (json) => {
    expectBadRequest(await call(t.url, 'POST', path, { apiKey: key, json }));
  });
});

describe('GET /api/config/public', () => {
  const path = '/api/config/public';

  it('answers the runtime public config the apps merge over their defaults', async () => {
    const res = await call(t.url, 'GET', `${path}?storefrontId=132`, { apiKey: key });
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual({
      storefrontId: 132,
      theme: {
        storeFrontName: 'Evergreen Health',
        colors: { primary: '#1e4d3a', secondary: '#ffffff' },
      },
      applicationSettings,
      phone: '(888) 555-0132',
      email: 'care@evergreenhealth.example',
    });
    const theme = mergeThemeConfig(defaultThemeConfig, res.body.Data.theme);
    expect(theme.storeFrontName).toBe('Evergreen Health');
    expect(theme.colors.primary).toBe('#1e4d3a');
    expect(theme.colors.navLinkColor).toBe(defaultThemeConfig.colors.navLinkColor);
    expect(Object.keys(theme.flags).sort()).toEqual([...themeFlagKeys].sort());
    for (const flag of themeFlagKeys) expect(theme.flags[flag]).toBe(false);
  });

  it('writes the answer once while the settings are cached: the same JSON text each time', async () => {
    const read = () => fetch(`${t.url}${path}?storefrontId=132`, { headers: { 'x-api-key': key } });
    const [first, second] = await Promise.all([read(), read()]);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await first.text();
    expect(await second.text()).toBe(text);
    expect(JSON.parse(text)).toEqual({
      Data: expect.objectContaining({ storefrontId: 132, phone: '(888) 555-0132' }),
      Message: 'OK',
      status: 200,
    });
  });

  it('defaults to the server storefront when no id is given', async () => {
    const res = await call(t.url, 'GET', path, { apiKey: key });
    expect(res.status).toBe(200);
    expect(res.body.Data.storefrontId).toBe(t.config.storefrontId);
  });

  it('refuses a caller without credentials (401)', async () => {
    expect((await call(t.url, 'GET', `${path}?storefrontId=132`)).status).toBe(401);
  });

  it('answers 404 for an unknown storefront and 400 for a bad id', async () => {
    expectNotFound(await call(t.url, 'GET', `${path}?storefrontId=404`, { apiKey: key }));
    expectBadRequest(await call(t.url, 'GET', `${path}?storefrontId=x`, { apiKey: key }));
    expectBadRequest(await call(t.url, 'GET', `${path}?other=1`, { apiKey: key }));
  });

  it('drops invalid theme parts and serves a change once the cache is invalidated', async () => {
    const [before] = await t.database.db.select().from(storefronts).where(eq(storefronts.id, 132));
    if (!before) throw new Error('storefront 132 missing');
    try {
      await t.database.db
        .update(storefronts)
        .set({
          phone: '(888) 555-0199',
          theme: {
            storeFrontName: '   ',
            colors: { primary: 'url(https://evil.example)', secondary: '#000000', bogus: 'red' },
            flags: { enableRoundedBorders: true, hideIncentiveBanner: 'yes' },
            themeOverrides: { button: { radius: 4, junk: null }, __proto__: { x: 1 } },
            unknown: 1,
          },
          applicationSettings: { PharmacyChoice: 'yes', HideBMI: true },
          taxSettings: {
            isSalesTaxEnabled: true,
            rateBasisPointsByState: { CA: 725, ny: 400, TX: -1, WA: 6.5, FL: 20_000 },
          },
        })
        .where(eq(storefronts.id, 132));

      // Cached: the edit is not visible until the cache is invalidated.
      const cached = await call(t.url, 'GET', `${path}?storefrontId=132`, { apiKey: key });
      expect(cached.body.Data.phone).toBe('(888) 555-0132');

      invalidateStorefrontCache(132);
      const res = await call(t.url, 'GET', `${path}?storefrontId=132`, { apiKey: key });
      expect(res.status).toBe(200);
      expect(res.body.Data.phone).toBe('(888) 555-0199');
      expect(res.body.Data.theme).toEqual({
        colors: { secondary: '#000000' },
        flags: { enableRoundedBorders: true },
        themeOverrides: { button: { radius: 4 } },
      });
      expect(res.body.Data.applicationSettings).toMatchObject({
        PharmacyChoice: false,
        HideBMI: true,
        ShowPrePaymentPage: false,
      });
      const merged = mergeThemeConfig(defaultThemeConfig, res.body.Data.theme);
      expect(merged.storeFrontName).toBe(defaultThemeConfig.storeFrontName);
      expect(merged.colors.primary).toBe(defaultThemeConfig.colors.primary);
      expect(merged.flags.enableRoundedBorders).toBe(true);

      const tax = await call(t.url, 'POST', '/api/config/Storefront/GetTaxSettings', {
        apiKey: key,
        json: { storefrontId: 132 },
      });
      expect(tax.body.Data).toEqual({
        isSalesTaxEnabled: true,
        rateBasisPointsByState: { CA: 725 },
        taxShipping: false,
      });
    } finally {
      await t.database.db
        .update(storefronts)
        .set({
          phone: before.phone,
          theme: before.theme,
          applicationSettings: before.applicationSettings,
          taxSettings: before.taxSettings,
        })
        .where(eq(storefronts.id, 132));
      invalidateStorefrontCache(132);
    }
    const restored = await call(t.url, 'GET', `${path}?storefrontId=132`, { apiKey: key });
    expect(restored.body.Data.theme.storeFrontName).toBe('Evergreen Health');
  });

  it('lists the config routes in the OpenAPI document', async () => {
    const res = await call<{ paths: Record<string, unknown> }>(t.url, 'GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/config/Storefront/GetPhoneAndEmail',
        '/api/config/Storefront/GetTaxSettings',
        '/api/config/Storefront/{storefrontId}/applicationsettings',
        '/api/config/v1/consents',
        '/api/config/public',
      ]),
    );
  });
});
