import { createContext, type ReactNode, useContext } from 'react';
import type { WebRuntime } from './web-runtime';

const RuntimeContext = createContext<WebRuntime | null>(null);

/** The page load's runtime (loading counter, connection notice) for the shell's components. */
export function RuntimeProvider({
  runtime,
  children,
}: {
  runtime: WebRuntime;
  children: ReactNode;
}) {
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

export function useRuntime(): WebRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime needs a <RuntimeProvider> above it');
  return runtime;
}
