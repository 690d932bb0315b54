/**
 * The environment a UI build runs in: the caller's, built for production whatever the server
 * runs as. NODE_ENV=development (a development start, the bench's servers) would otherwise
 * make Vite build React's development bundle, several times slower on a phone.
 */
export function uiBuildEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, NODE_ENV: 'production' };
}
