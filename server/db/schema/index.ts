// The whole schema, for drizzle-kit and the typed client. Each domain keeps its own file.
export * from './identity';
export * from './platform';
