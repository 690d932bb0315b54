import { readFileSync } from 'node:fs';

/** Where the test files find the image the run's global setup dumped (`migrated-image.global.ts`). */
export const migratedImageVariable = 'STOREFRONT_TEST_PGLITE_IMAGE';

let image: Uint8Array | null | undefined;

/** The migrated database the run's global setup dumped, read once per process; null without one. */
export function migratedImage(): Uint8Array | null {
  if (image === undefined) {
    const file = process.env[migratedImageVariable];
    image = file ? readFileSync(file) : null;
  }
  return image;
}
