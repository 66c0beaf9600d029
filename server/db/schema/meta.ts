import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about this database itself (when it was created, by which app version). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
