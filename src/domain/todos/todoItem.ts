// The to-do or message item as the server sends it, and the slice of the signed-in user the
// inbox rules need (settings-messaging-shared §3 "Current user", "To-do or message item", "File").
// States, types and modules stay `string` here: a newer server may send codes we do not know.

export interface TodoFile {
  object_name: string;
  url: string;
  content_type: string;
}

export interface TodoItem {
  id: number;
  type: string;
  state: string;
  subject: string;
  /** Null (with module_id) for a mail bound to no record. */
  module: string | null;
  module_id: number | null;
  module_number?: string | null;
  mail_id?: number | null;
  from_company_id: number | null;
  from_company_name?: string | null;
  from_contacts_id?: number | null;
  from_contacts_name?: string | null;
  to_company_id: number | null;
  to_company_name?: string | null;
  to_contacts_id: number | null;
  to_contacts_name?: string | null;
  create_time?: string | null;
  write_time?: string | null;
  delay_time?: string | null;
  has_attachment?: boolean | null;
  avatar?: string | null;
  todo_files?: ReadonlyArray<{ attachment: TodoFile }> | null;
  files?: readonly TodoFile[] | null;
  images?: readonly TodoFile[] | null;
  event_type?: string | null;
}

/** One contact per company the user belongs to: the user acts in a company through it. */
export interface UserContact {
  id: number;
  company_id: number;
  name?: string | null;
}

export interface InboxUser {
  id: number;
  name: string;
  contacts: readonly UserContact[];
}
