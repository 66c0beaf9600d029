// Every table of the server. Change a table, then `npm run db:generate` writes the migration
// into server/db/migrations; migrations run on every start, on PGlite and PostgreSQL alike.
export * from './catalog';
export * from './documents';
export * from './infra';
export * from './messaging';
export * from './meta';
export * from './parties';
export * from './purchasing';
export * from './sync';
