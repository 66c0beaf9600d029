// Deleted employees (员工管理 → 删除) stay as tombstones so old sheets, orders and messages keep
// their names, but they are out of every list, search and lookup: each reader of contacts adds
// `contactNotDeleted`.
import { ne } from 'drizzle-orm';
import { contacts, type StaffStatus } from '../db/schema/index';

/** The status of a deleted employee. */
export const DELETED_STATUS = 'DELETED' satisfies StaffStatus;

/** The condition every list or lookup of contacts carries. */
export const contactNotDeleted = ne(contacts.status, DELETED_STATUS);
