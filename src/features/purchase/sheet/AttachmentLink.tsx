// An attachment's name as a link that opens (or downloads) it, on the form and the detail table.
import { Anchor } from '@mantine/core';
import type { FileRef } from '../../../sync/core/mutations/spec';
import { useOpenAttachment } from '../../common/useOpenAttachment';

export function AttachmentLink({ companyId, file }: { companyId: number; file: FileRef }) {
  const open = useOpenAttachment(companyId);
  return (
    <Anchor component="button" type="button" size="sm" onClick={() => void open(file)} truncate>
      {file.name}
    </Anchor>
  );
}
