// The column kinds every table uses, declared once.
import { bigint, numeric, timestamp } from 'drizzle-orm/pg-core';

/** A bigint primary key from the table's identity sequence (ids fit in a JS number). */
export const id = () =>
  bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
/** A reference to another row's id. */
export const ref = (name: string) => bigint(name, { mode: 'number' });
/** Money: 2 decimals, read as text so no binary rounding creeps in. */
export const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
/** A point in time, read as PostgreSQL's text (projections turn it into ISO 8601). */
export const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
