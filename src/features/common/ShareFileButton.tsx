// 分享 of a made file (a document, an export): the system share sheet (to a customer in WeChat, by
// mail, …) where the browser can share files; a failure says so and leaves 下载 to use. Absent
// where the browser cannot share the file (platform/share/shareFile.ts).
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { PWA_MESSAGES } from '../../domain/messages/pwa';
import { canShareFile, shareFile } from '../../platform/share/shareFile';

export function ShareFileButton({ file }: { file: File }) {
  const [failed, setFailed] = useState(false);
  if (!canShareFile(file)) return null;
  return (
    <>
      {failed && (
        <Text size="sm" c="red.8" role="alert">
          {PWA_MESSAGES.SHARE_FAILED}
        </Text>
      )}
      <Button variant="light" onClick={async () => setFailed((await shareFile(file)) === 'failed')}>
        {PWA_MESSAGES.SHARE}
      </Button>
    </>
  );
}
