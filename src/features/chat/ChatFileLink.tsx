// A message's attachment as a link that opens (or downloads) it: one still waiting on the device
// opens from there, one on the server is fetched with the bearer token (useOpenAttachment).
import { Anchor, Group } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { StoredFile } from '../../contract/feedRows';
import type { FileRef } from '../../sync/core/mutations/spec';
import { useOpenAttachment } from '../common/useOpenAttachment';

/** A message row's attachment; one sent offline also names the blob kept on the device. */
type MessageFile = StoredFile & { client_file_id?: string | null };

function fileRefOf(file: MessageFile): FileRef {
  return {
    clientFileId: file.client_file_id ?? null,
    objectName: file.object_name === '' ? null : file.object_name,
    name: file.name ?? file.object_name.split('/').pop() ?? file.object_name,
    contentType: file.content_type,
    size: file.size ?? 0,
  };
}

export function ChatFileLink({ companyId, file }: { companyId: number; file: MessageFile }) {
  const open = useOpenAttachment(companyId);
  const ref = fileRefOf(file);
  return (
    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
      <IconPaperclip size={14} aria-hidden style={{ flexShrink: 0 }} />
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => void open(ref)}
        truncate
        data-testid="chat-file"
      >
        {ref.name}
      </Anchor>
    </Group>
  );
}
