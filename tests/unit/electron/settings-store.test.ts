import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normaliseServerUrl, serverUrlMessages } from '../../../electron/server-url';
import { createSettingsStore } from '../../../electron/settings-store';

describe('server address validation', () => {
  it.each([
    ['https://storefront.example.com', 'https://storefront.example.com'],
    ['  https://Storefront.Example.com/  ', 'https://storefront.example.com'],
    ['http://localhost:3000/console/orders?x=1#top', 'http://localhost:3000'],
    ['https://10.0.0.5:8443/api/', 'https://10.0.0.5:8443'],
    ['https://shop.example.com:443', 'https://shop.example.com'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://[::1]:3000/console/', 'http://[::1]:3000'],
  ])('%s is stored as %s', (input, serverUrl) => {
    expect(normaliseServerUrl(input)).toEqual({ ok: true, serverUrl });
  });

  it.each([
    ['', serverUrlMessages.required],
    ['   ', serverUrlMessages.required],
    ['storefront.example.com', serverUrlMessages.invalid],
    ['http://', serverUrlMessages.invalid],
    [`https://example.com/${'a'.repeat(3000)}`, serverUrlMessages.invalid],
    ['ftp://storefront.example.com', serverUrlMessages.protocol],
    ['file:///etc/passwd', serverUrlMessages.protocol],
    ['javascript:alert(1)', serverUrlMessages.protocol],
    ['https://agent:secret@storefront.example.com', serverUrlMessages.credentials],
    ['https://agent@storefront.example.com', serverUrlMessages.credentials],
    ['http://storefront.example.com', serverUrlMessages.https],
    ['http://10.0.0.5:3000', serverUrlMessages.https],
    ['http://localhost.example.com', serverUrlMessages.https],
    ['http://127.0.0.1.example.com', serverUrlMessages.https],
  ])('%j is refused', (input, error) => {
    expect(normaliseServerUrl(input)).toEqual({ ok: false, error });
  });
});

describe('settings store', () => {
  let directory: string;
  const file = () => join(directory, 'settings.json');
  const noEnv = {};

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'storefront-settings-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('starts with the default, or STOREFRONT_SERVER_URL when it is valid', () => {
    expect(createSettingsStore(directory, noEnv).get()).toEqual({
      serverUrl: 'http://localhost:3000',
    });
    const env = { STOREFRONT_SERVER_URL: 'https://staging.example.com/console/' };
    expect(createSettingsStore(directory, env).get()).toEqual({
      serverUrl: 'https://staging.example.com',
    });
    const bad = { STOREFRONT_SERVER_URL: 'https://user:pw@staging.example.com' };
    expect(createSettingsStore(directory, bad).get()).toEqual({
      serverUrl: 'http://localhost:3000',
    });
  });

  it('saves a valid address to settings.json, and a new store reads it back', async () => {
    const store = createSettingsStore(directory, noEnv);
    expect(await store.setServerUrl('https://shop.example.com/console/')).toEqual({
      ok: true,
      serverUrl: 'https://shop.example.com',
    });
    expect(store.get()).toEqual({ serverUrl: 'https://shop.example.com' });
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({
      serverUrl: 'https://shop.example.com',
    });
    const env = { STOREFRONT_SERVER_URL: 'https://staging.example.com' };
    expect(createSettingsStore(directory, env).get()).toEqual({
      serverUrl: 'https://shop.example.com',
    });
  });

  it('refuses an invalid address and keeps the previous one', async () => {
    const store = createSettingsStore(directory, noEnv);
    await store.setServerUrl('https://shop.example.com');
    expect(await store.setServerUrl('https://a:b@evil.example')).toEqual({
      ok: false,
      error: serverUrlMessages.credentials,
    });
    expect(store.get()).toEqual({ serverUrl: 'https://shop.example.com' });
    expect(JSON.parse(readFileSync(file(), 'utf8')).serverUrl).toBe('https://shop.example.com');
  });

  it('keeps the last of several saves made at once', async () => {
    const store = createSettingsStore(directory, noEnv);
    await Promise.all([
      store.setServerUrl('https://one.example.com'),
      store.setServerUrl('https://two.example.com'),
      store.setServerUrl('https://three.example.com'),
    ]);
    expect(store.get().serverUrl).toBe('https://three.example.com');
    expect(JSON.parse(readFileSync(file(), 'utf8')).serverUrl).toBe('https://three.example.com');
  });

  it.each([
    ['not json', '{'],
    ['a wrong shape', '{"serverUrl":42}'],
    ['a refused address', '{"serverUrl":"file:///etc/passwd"}'],
  ])('ignores a settings file holding %s', (_case, content) => {
    writeFileSync(file(), content);
    expect(createSettingsStore(directory, noEnv).get()).toEqual({
      serverUrl: 'http://localhost:3000',
    });
  });

  it('answers a readable error when the file cannot be written', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = createSettingsStore(join(file(), 'not-a-directory'), noEnv);
    writeFileSync(file(), '{}');
    expect(await store.setServerUrl('https://shop.example.com')).toEqual({
      ok: false,
      error: serverUrlMessages.notSaved,
    });
    expect(store.get()).toEqual({ serverUrl: 'http://localhost:3000' });
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
