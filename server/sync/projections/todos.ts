// A to-do, message or mail as both companies' clients see it (settings-messaging-shared §3
// "To-do or message item"): both sides' names, the sender's avatar, the files and their address.
// The feed carries no company id: the client adds the feed's company (src/data/derive.ts).
import { inArray } from 'drizzle-orm';
import type { TodoRow } from '../../../src/contract/feedRows';
import type { Reader } from '../../db/database';
import { todos } from '../../db/schema/index';
import { fileUrl } from '../../http/fileUrls';
import { isoTime, loadCompanies, loadContacts, unique } from './shared';

export async function loadTodoRows(db: Reader, ids: number[]): Promise<Map<number, TodoRow>> {
  const result = new Map<number, TodoRow>();
  if (ids.length === 0) return result;
  const todoRows = await db.select().from(todos).where(inArray(todos.id, ids));
  const companyMap = await loadCompanies(
    db,
    unique(todoRows.flatMap((t) => [t.fromCompanyId, t.toCompanyId])),
  );
  const contactMap = await loadContacts(
    db,
    unique(todoRows.flatMap((t) => [t.fromContactsId, t.toContactsId])),
  );
  for (const todo of todoRows) {
    const from = todo.fromContactsId ? contactMap.get(todo.fromContactsId) : undefined;
    result.set(todo.id, {
      id: todo.id,
      type: todo.type,
      state: todo.state,
      subject: todo.subject,
      module: todo.module,
      module_id: todo.moduleId,
      module_number: todo.moduleNumber,
      mail_id: todo.mailId,
      mail_state: todo.mailState,
      from_company_id: todo.fromCompanyId,
      from_company_name: companyMap.get(todo.fromCompanyId)?.name ?? null,
      from_contacts_id: todo.fromContactsId,
      from_contacts_name: from?.name ?? null,
      to_company_id: todo.toCompanyId,
      to_company_name: companyMap.get(todo.toCompanyId)?.name ?? null,
      to_contacts_id: todo.toContactsId,
      to_contacts_name: todo.toContactsId
        ? (contactMap.get(todo.toContactsId)?.name ?? null)
        : null,
      avatar: from?.avatarUrl ?? null,
      has_attachment: todo.files.length > 0,
      todo_files: todo.files.map((file) => ({
        attachment: { ...file, url: fileUrl(file.object_name) },
      })),
      event_type: todo.eventType,
      create_time: isoTime(todo.createTime),
      write_time: isoTime(todo.writeTime),
      delay_time: isoTime(todo.delayTime),
      version: todo.version,
    });
  }
  return result;
}
