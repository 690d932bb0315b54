import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';

const ownKeys = {
  API_KEY: 'k'.repeat(32),
  GUEST_CLIENT_ID: 'web',
  GUEST_CLIENT_SECRET: 's'.repeat(32),
  SERVER_SECRET: 'x'.repeat(40),
};

describe('a server started bare is safe', () => {
  it('refuses to start without the development switch and its own keys, naming each', () => {
    for (const env of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }]) {
      expect(() => loadConfig(env)).toThrow(
        /API_KEY: required[\s\S]*GUEST_CLIENT_ID: required[\s\S]*GUEST_CLIENT_SECRET: required[\s\S]*SERVER_SECRET: required[\s\S]*PAYMENT_GATEWAY: the sandbox/,
      );
    }
  });

  it('refuses the sandbox gateway without the development switch, even with every key', () => {
    expect(() => loadConfig(ownKeys)).toThrow(
      /PAYMENT_GATEWAY: the sandbox approves any valid card/,
    );
    expect(() => loadConfig({ ...ownKeys, NODE_ENV: 'production' })).toThrow(/PAYMENT_GATEWAY/);
  });

  it('takes Twilio settings together or not at all', () => {
    const dev = { STOREFRONT_DEV_MODE: 'true' };
    expect(loadConfig(dev).twilio).toBeNull();
    expect(() => loadConfig({ ...dev, TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}` })).toThrow(
      /TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together/,
    );
    const twilio = loadConfig({
      ...dev,
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 't'.repeat(32),
      TWILIO_FROM: '+15555550100',
    }).twilio;
    expect(twilio).toMatchObject({ from: '+15555550100', apiUrl: null });
  });

  it('refuses the development switch in production', () => {
    expect(() =>
      loadConfig({ ...ownKeys, NODE_ENV: 'production', STOREFRONT_DEV_MODE: 'true' }),
    ).toThrow(/STOREFRONT_DEV_MODE: must be off in production/);
  });

  it('turns on the dev outbox, demo accounts, API docs and the dev keys only with the switch', () => {
    const dev = loadConfig({ STOREFRONT_DEV_MODE: 'true' });
    expect(dev).toMatchObject({
      devMode: true,
      devOutbox: true,
      seedDemoAccounts: true,
      apiDocs: true,
    });
    expect(dev.apiKey.length).toBeGreaterThanOrEqual(16);
    expect(loadConfig({ STOREFRONT_DEV_MODE: 'true', SEED_DEMO: 'false' }).seedDemoAccounts).toBe(
      false,
    );
    expect(loadConfig({ STOREFRONT_DEV_MODE: 'true', API_DOCS: 'false' }).apiDocs).toBe(false);
  });
});
