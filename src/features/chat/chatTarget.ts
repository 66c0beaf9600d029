// What a chat panel is about, made from the record a detail page shows: the record itself, the
// linked record whose messages it shows too (an order's sheet, a sheet's order: the spec loads
// at most two module id/type pairs), and whom the record itself says to write to, used until the
// server's default contact is known (a record never opened online).
import type { ChatContact } from '../../contract/api/chat';
import type { StoredOrder, StoredSheet } from '../../data/derive';
import type { ThreadRef } from '../../domain/todos/messagePanel';
import type { TodoModule } from '../../domain/todos/todoCodes';

export interface ChatTarget {
  module: TodoModule;
  moduleId: number;
  /** The number users read (PO… / XJ…); null for a sheet not yet numbered. */
  moduleNumber: string | null;
  linked: ThreadRef | null;
  localContact: ChatContact | null;
}

/** The order detail's chat; null while the order is loading or when it failed to load. */
export function orderChatTarget(order: StoredOrder | null | undefined): ChatTarget | null {
  if (!order) return null;
  const supplier = order.supplier_order_node;
  const contact = supplier.contacts_user;
  return {
    module: 'ORDER',
    moduleId: order.id,
    moduleNumber: order.name,
    linked:
      order.sheet_id === null
        ? null
        : { module: 'INQUERY_QUOTATION_SHEET', moduleId: order.sheet_id },
    // The order's supplier contact is the call's first choice too.
    localContact: contact && {
      id: contact.id,
      name: contact.name,
      companyId: supplier.company_id,
      companyName: null,
    },
  };
}

/** The sheet detail's chat; null while the sheet is loading or when it failed to load. */
export function sheetChatTarget(sheet: StoredSheet | null | undefined): ChatTarget | null {
  if (!sheet) return null;
  return {
    module: 'INQUERY_QUOTATION_SHEET',
    moduleId: sheet.id,
    moduleNumber: sheet.name || null,
    linked: sheet.order ? { module: 'ORDER', moduleId: sheet.order.id } : null,
    localContact: null,
  };
}
