import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { DesktopSettings, SaveServerUrlResult } from '../shared/contracts/desktop-bridge';
import { initialServerUrl, normaliseServerUrl, serverUrlMessages } from './server-url';

export interface SettingsStore {
  get(): DesktopSettings;
  setServerUrl(input: string): Promise<SaveServerUrlResult>;
}

const storedSettings = z.object({ serverUrl: z.string() });

/**
 * The console's settings, kept in `settings.json` in the user-data folder. A stored address
 * wins over STOREFRONT_SERVER_URL, which wins over the default. The file may be hand-edited, so
 * what it holds is validated again on load; anything unusable falls back to the default.
 */
export function createSettingsStore(
  directory: string,
  env: NodeJS.ProcessEnv = process.env,
): SettingsStore {
  const file = join(directory, 'settings.json');
  let settings: DesktopSettings = { serverUrl: load(file) ?? initialServerUrl(env) };
  // Saves run one after another, so the file always ends with the last address saved.
  let saving: Promise<unknown> = Promise.resolve();

  return {
    get: () => ({ ...settings }),
    setServerUrl(input) {
      const result = normaliseServerUrl(input);
      if (!result.ok) return Promise.resolve(result);
      const next = { serverUrl: result.serverUrl };
      const saved = saving.then(async (): Promise<SaveServerUrlResult> => {
        try {
          await save(directory, file, next);
        } catch (error) {
          console.error('Could not save the desktop settings:', error);
          return { ok: false, error: serverUrlMessages.notSaved };
        }
        settings = next;
        return result;
      });
      saving = saved;
      return saved;
    },
  };
}

function load(file: string): string | null {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch {
    return null; // First start: nothing saved yet.
  }
  try {
    const parsed = storedSettings.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const result = normaliseServerUrl(parsed.data.serverUrl);
    return result.ok ? result.serverUrl : null;
  } catch {
    console.warn(`Ignoring unreadable settings file ${file}.`);
    return null;
  }
}

/** Written to a temporary file and renamed, so a crash never leaves half a settings file. */
async function save(directory: string, file: string, settings: DesktopSettings) {
  await mkdir(directory, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(settings, null, 2)}\n`, 'utf8');
  await rename(temporary, file);
}
