// The chat panel's boundaries (src/contract/api/chat.ts, src/features/chat/chatSchemas.ts): the two shapes of the default
// contact answer, the contacts kept on the device, and the live channel's message event as the
// server emits it (server/messaging/todoRows.ts publishTodo: `{event_type, item}`).
import { describe, expect, it } from 'vitest';
import {
  chatContactsSchema,
  orderContactAnswerSchema,
  sheetContactAnswerSchema,
} from '../../../src/contract/api/chat';
import { liveMessageSchema } from '../../../src/features/chat/chatSchemas';

const CONTACT = { id: 31, name: '陈志明', companyId: 77, companyName: '德采工业品' };

describe('default contact answers', () => {
  it('the order call: {id, name, company_id, company_name}', () => {
    expect(
      orderContactAnswerSchema.parse({
        id: 31,
        name: '陈志明',
        company_id: 77,
        company_name: '德采工业品',
      }),
    ).toEqual(CONTACT);
    expect(orderContactAnswerSchema.parse(null)).toBeNull();
  });

  it('the sheet call: {id, name, company: {id, name}}', () => {
    expect(
      sheetContactAnswerSchema.parse({
        id: 31,
        name: '陈志明',
        company: { id: 77, name: '德采工业品' },
      }),
    ).toEqual(CONTACT);
    expect(sheetContactAnswerSchema.parse(null)).toBeNull();
  });

  it('refuses an answer of another shape', () => {
    expect(orderContactAnswerSchema.safeParse({ id: '31' }).success).toBe(false);
    expect(sheetContactAnswerSchema.safeParse({ id: 31, name: 'x' }).success).toBe(false);
  });

  it('kept contacts: per record, null when the server named none', () => {
    const kept = { '1:2:ORDER:3': CONTACT, '1:2:INQUERY_QUOTATION_SHEET:4': null };
    expect(chatContactsSchema.parse(kept)).toEqual(kept);
    expect(chatContactsSchema.safeParse({ '1:2:ORDER:3': { id: 31 } }).success).toBe(false);
  });
});

describe('live message events', () => {
  const item = {
    id: 40,
    type: 'MESSAGE',
    state: 'UNREAD',
    subject: '@李娜 已发货',
    module: 'ORDER',
    module_id: 7,
    module_number: 'PO20250109000001',
    mail_id: null,
    mail_state: null,
    from_company_id: 77,
    from_company_name: '德采工业品',
    from_contacts_id: 31,
    from_contacts_name: '陈志明',
    to_company_id: 10,
    to_company_name: '上海精工',
    to_contacts_id: 5,
    to_contacts_name: '李娜',
    avatar: null,
    has_attachment: true,
    todo_files: [
      {
        attachment: {
          object_name: '77/a/图纸.pdf',
          name: '图纸.pdf',
          content_type: 'application/pdf',
          size: 12,
          url: '/api/v7/files/content?path=77%2Fa%2F%E5%9B%BE%E7%BA%B8.pdf',
        },
      },
    ],
    event_type: 'ADD',
    create_time: '2025-01-09T04:00:00.000Z',
    write_time: '2025-01-09T04:00:00.000Z',
    delay_time: null,
    version: 812,
  };

  it('reads the server’s event into a row, the event’s type on it', () => {
    expect(liveMessageSchema.parse({ event_type: 'UPDATE', item })).toEqual({
      ...item,
      event_type: 'UPDATE',
    });
  });

  it('fills what an older server leaves out', () => {
    const { module_number, from_company_name, todo_files, has_attachment, ...lean } = item;
    const row = liveMessageSchema.parse({ event_type: 'ADD', item: lean });
    expect(row).toMatchObject({
      module_number: null,
      from_company_name: null,
      todo_files: [],
      has_attachment: false,
    });
  });

  it('refuses what is not a message event', () => {
    expect(liveMessageSchema.safeParse({ id: 40, state: 'READ' }).success).toBe(false);
    expect(liveMessageSchema.safeParse({ event_type: 'ADD', item: { id: 40 } }).success).toBe(
      false,
    );
  });
});
