// 写邮件 and 编辑邮件 (settings-messaging-shared §7 "Mails": POST /mails, PUT /mails/{id}): the
// recipient company and contact and the text the server keeps as the mail's subject, kept as a
// draft (保存草稿) or handed to the mail service (发送). Offline like every change of the user's own
// items: recipients come from the device (the company's own staff, or customer service), and the
// outbox sends the mail when the network allows. A mail's company cannot change once written.
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { StoredTodo } from '../../data/derive';
import { staffList } from '../../data/lists/queries';
import { checkMailSubject, MAIL_MESSAGES as M, MAIL_SUBJECT_MAX } from '../../domain/todos/mails';
import { CUSTOMER_SERVICE_COMPANY_IDS, messageCompanyLabel } from '../../domain/todos/todoCodes';
import { useSession } from '../../platform/session/useSession';
import { useLocalDb } from '../../platform/sync/useLocalDb';
import type { MailDraft, MailWrites } from './useMailWrites';

const IN_SERVICE = ['IN_SERVICE'] as const;
const SERVICE_ID = CUSTOMER_SERVICE_COMPANY_IDS[0] ?? 9428;

export interface MailComposeDialogProps {
  opened: boolean;
  /** The draft being edited, or null for a new mail. */
  editing: StoredTodo | null;
  writes: MailWrites;
  onClose(): void;
}

/** The company's own in-service staff, read live from the device (undefined while reading). */
function useColleagues(companyId: number | null) {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (companyId === null ? [] : staffList(db, { companyId, statuses: IN_SERVICE })),
    [db, companyId],
  );
}

export function MailComposeDialog({ opened, editing, writes, onClose }: MailComposeDialogProps) {
  const { currentCompany } = useSession();
  const [companyId, setCompanyId] = useState<number>(currentCompany.id);
  const [contactId, setContactId] = useState<number | null>(null);
  const [subject, setSubject] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Each opening starts from the mail edited, or empty.
  useEffect(() => {
    if (!opened) return;
    setCompanyId(editing?.to_company_id ?? currentCompany.id);
    setContactId(editing?.to_contacts_id ?? null);
    setSubject(editing?.subject ?? '');
    setError(null);
  }, [opened, editing, currentCompany.id]);

  const internal = companyId === currentCompany.id;
  const colleagues = useColleagues(internal ? companyId : null) ?? [];
  const companyOptions = [
    { value: String(currentCompany.id), label: currentCompany.name },
    { value: String(SERVICE_ID), label: messageCompanyLabel(SERVICE_ID, null) },
  ];
  if (editing && !companyOptions.some((o) => o.value === String(editing.to_company_id))) {
    companyOptions.push({
      value: String(editing.to_company_id),
      label: messageCompanyLabel(editing.to_company_id, editing.to_company_name ?? null),
    });
  }
  const contactOptions = colleagues.map((person) => ({
    value: String(person.id),
    label: person.name,
  }));
  if (editing?.to_contacts_id && !contactOptions.some((o) => o.value === String(contactId))) {
    contactOptions.push({
      value: String(editing.to_contacts_id),
      label: editing.to_contacts_name ?? `#${editing.to_contacts_id}`,
    });
  }

  async function save(mailState: MailDraft['mailState']) {
    const checked = checkMailSubject(subject);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    const contact = contactOptions.find((o) => o.value === String(contactId));
    const draft: MailDraft = {
      subject: checked.subject,
      mailState,
      to: {
        companyId,
        companyName: companyOptions.find((o) => o.value === String(companyId))?.label ?? null,
        contactId: contact ? Number(contact.value) : null,
        contactName: contact?.label ?? null,
      },
    };
    setBusy(true);
    const done = editing ? await writes.update(editing, draft) : await writes.create(draft);
    setBusy(false);
    if (done) onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? M.EDIT_TITLE : M.COMPOSE}
      closeButtonProps={{ 'aria-label': M.CLOSE }}
      centered
    >
      <Stack gap="sm" data-testid="mail-compose">
        <Select
          label={M.RECIPIENT_COMPANY}
          data={companyOptions}
          value={String(companyId)}
          allowDeselect={false}
          disabled={editing !== null}
          onChange={(value) => {
            if (value === null) return;
            setCompanyId(Number(value));
            setContactId(null);
          }}
        />
        <Select
          label={M.RECIPIENT_CONTACT}
          placeholder={M.ANY_CONTACT}
          data={contactOptions}
          value={contactId === null ? null : String(contactId)}
          clearable
          searchable
          disabled={!internal}
          onChange={(value) => setContactId(value === null ? null : Number(value))}
        />
        <Textarea
          label={M.SUBJECT}
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={MAIL_SUBJECT_MAX}
          value={subject}
          error={error}
          onChange={(event) => {
            setSubject(event.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {M.CANCEL}
          </Button>
          <Button variant="light" loading={busy} onClick={() => void save('draft')}>
            {M.SAVE_DRAFT}
          </Button>
          <Button loading={busy} onClick={() => void save('send')}>
            {M.SEND}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
