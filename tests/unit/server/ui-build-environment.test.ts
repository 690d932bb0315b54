import { describe, expect, it } from 'vitest';
import { uiBuildEnvironment } from '../../../server/commands/ui-build-environment';

describe('the environment of a UI build started by the server', () => {
  it.each([['development'], ['test'], [undefined]])(
    'builds for production when the server runs with NODE_ENV=%s, keeping the rest',
    (nodeEnv) => {
      const env = uiBuildEnvironment({
        NODE_ENV: nodeEnv,
        VITE_STOREFRONT_ID: '132',
        PATH: '/bin',
      });
      expect(env.NODE_ENV).toBe('production');
      expect(env.VITE_STOREFRONT_ID).toBe('132');
      expect(env.PATH).toBe('/bin');
    },
  );
});
