// The whole schema, for drizzle-kit and the typed client. Each domain keeps its own file.
export * from './care-network';
export * from './catalog';
export * from './identity';
export * from './orders';
export * from './platform';
export * from './records';
export * from './relations';
export * from './staff';
export * from './visits';
