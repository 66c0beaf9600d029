// A product line's attachments in the form (purchasing-core §5, §9): images or PDF, at most two per
// line, under 20 MB. A chosen file is checked, then kept on the device by the sync engine until it
// is uploaded with the save (so it works offline); the line holds its reference. Removing one
// says 文件已删除 (the saved draft drops it with its next save; the upload's outcome is told by
// useUploadNotices).
import { Button, CloseButton, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { FILE_MESSAGES } from '../../../domain/files/messages';
import { DOCUMENT_TYPES } from '../../../domain/files/uploads';
import { SHEET_LABELS } from '../../../domain/purchase/sheetText';
import {
  LINE_ATTACHMENT_TYPES,
  MAX_LINE_ATTACHMENTS,
  validateLineAttachment,
} from '../../../domain/purchase/validation';
import { useSyncWrite } from '../../../platform/sync/useSyncWrite';
import type { FileRef } from '../../../sync/core/mutations/spec';
import type { StoreFileResult } from '../../../sync/engine/files';
import { AttachmentLink } from './AttachmentLink';

const ACCEPT = Object.keys(LINE_ATTACHMENT_TYPES).join(',');

export interface LineAttachmentsProps {
  companyId: number;
  value: FileRef[];
  onChange(files: FileRef[]): void;
  error?: string | null;
}

export function LineAttachments({ companyId, value, onChange, error }: LineAttachmentsProps) {
  const write = useSyncWrite();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async (files: File[]) => {
    setMessage(null);
    const kept = [...value];
    setBusy(true);
    try {
      for (const file of files) {
        const refused = validateLineAttachment(file, kept.length);
        if (refused !== null) {
          setMessage(refused);
          break;
        }
        const stored = await write<StoreFileResult>((api) =>
          api.storeFile(companyId, {
            blob: file,
            name: file.name,
            contentType: file.type,
            documentType: DOCUMENT_TYPES.PRODUCT_ATTACHMENT,
          }),
        );
        if (!stored.ok) {
          setMessage(stored.message);
          break;
        }
        kept.push(stored.file);
      }
    } finally {
      setBusy(false);
      onChange(kept);
    }
  };

  return (
    <Stack gap={4} align="flex-start">
      {value.map((file, index) => (
        <Group key={file.clientFileId ?? file.objectName ?? index} gap={4} wrap="nowrap">
          <AttachmentLink companyId={companyId} file={file} />
          <CloseButton
            size="sm"
            aria-label={`${SHEET_LABELS.REMOVE_ATTACHMENT} ${file.name}`}
            onClick={() => {
              onChange(value.filter((_, at) => at !== index));
              notifications.show({ color: 'teal', message: FILE_MESSAGES.FILE_DELETED });
            }}
          />
        </Group>
      ))}
      {value.length < MAX_LINE_ATTACHMENTS && (
        <FileButton onChange={(files) => void add(files)} accept={ACCEPT} multiple>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="subtle"
              leftSection={<IconPaperclip size={14} />}
              loading={busy}
              title={SHEET_LABELS.ATTACHMENT_HINT}
            >
              {SHEET_LABELS.ADD_ATTACHMENT}
            </Button>
          )}
        </FileButton>
      )}
      {(message ?? error) && (
        <Text size="xs" c="red" role="alert">
          {message ?? error}
        </Text>
      )}
    </Stack>
  );
}
