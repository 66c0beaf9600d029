// The sheet or order a to-do or message belongs to (settings-messaging-shared §3 "To-do or
// message item": module INQUERY_QUOTATION_SHEET or ORDER with module_id and module_number), and
// which companies are its parties: the buyer that owns it and the supplier that answers it.
import { eq } from 'drizzle-orm';
import type { TodoModule } from '../../src/domain/todos/todoCodes';
import type { Reader } from '../db/database';
import { orders, sheets } from '../db/schema/index';

export type ModuleRecord = {
  module: TodoModule;
  id: number;
  /** The number users read (XJ… / PO…): the to-do's module_number. */
  number: string;
  buyerCompanyId: number;
  supplierCompanyId: number;
  ownerContactId: number | null;
  supplierContactId: number | null;
};

export async function loadModuleRecord(
  db: Reader,
  module: TodoModule,
  id: number,
): Promise<ModuleRecord | null> {
  if (module === 'ORDER') {
    const [order] = await db
      .select({
        id: orders.id,
        name: orders.name,
        companyId: orders.companyId,
        supplierCompanyId: orders.supplierCompanyId,
        ownerContactId: orders.ownerContactId,
        supplierContactId: orders.supplierContactId,
      })
      .from(orders)
      .where(eq(orders.id, id));
    return order
      ? {
          module,
          id: order.id,
          number: order.name,
          buyerCompanyId: order.companyId,
          supplierCompanyId: order.supplierCompanyId,
          ownerContactId: order.ownerContactId,
          supplierContactId: order.supplierContactId,
        }
      : null;
  }
  const [sheet] = await db
    .select({
      id: sheets.id,
      name: sheets.name,
      companyId: sheets.companyId,
      supplierCompanyId: sheets.supplierCompanyId,
      ownerContactId: sheets.ownerContactId,
    })
    .from(sheets)
    .where(eq(sheets.id, id));
  return sheet
    ? {
        module,
        id: sheet.id,
        number: sheet.name,
        buyerCompanyId: sheet.companyId,
        supplierCompanyId: sheet.supplierCompanyId,
        ownerContactId: sheet.ownerContactId,
        supplierContactId: null,
      }
    : null;
}

export const isParty = (record: ModuleRecord, companyId: number): boolean =>
  record.buyerCompanyId === companyId || record.supplierCompanyId === companyId;
