// Opening a product line's attachment: a file still waiting on the device is read from the local
// files table (it opens offline); one on the server is fetched with the bearer token (the service
// worker may answer images from its cache). Images and PDF open in a new tab; anything else, SVG
// included (it could run script in the app's origin), is downloaded instead of shown.
import { notifications } from '@mantine/notifications';
import { FILE_CONTENT_PATH } from '../../contract/api/files';
import { readFiles } from '../../data/files';
import { COMMON_MESSAGES } from '../../domain/messages/common';
import { useAppServices } from '../../platform/AppServicesContext';
import { apiUrl } from '../../platform/api/apiClient';
import { useLocalDb } from '../../platform/sync/useLocalDb';
import type { FileRef } from '../../sync/core/mutations/spec';

const VIEWABLE = ['image/png', 'image/jpeg', 'image/gif', 'application/pdf'];

export function useOpenAttachment(companyId: number): (file: FileRef) => Promise<void> {
  const db = useLocalDb();
  const { session, config } = useAppServices();

  async function contentOf(file: FileRef): Promise<Blob> {
    let objectName = file.objectName;
    if (file.clientFileId !== null) {
      const [row] = await readFiles(db, [file.clientFileId]);
      if (row?.blob) return row.blob;
      objectName = objectName ?? row?.uploaded?.objectName ?? null;
    }
    if (objectName === null) throw new Error(`attachment ${file.name} is not on this device`);
    const token = await session.freshToken();
    const response = await fetch(
      apiUrl(config.gateway, FILE_CONTENT_PATH, { path: objectName }, companyId),
      { headers: token ? { authorization: `Bearer ${token}` } : {} },
    );
    if (!response.ok) throw new Error(`attachment ${file.name}: HTTP ${response.status}`);
    return response.blob();
  }

  return async (file) => {
    const viewable = VIEWABLE.includes(file.contentType);
    // Opened before the read, while the click still counts as the user's (popup blockers).
    const tab = viewable ? window.open('', '_blank') : null;
    try {
      const url = URL.createObjectURL(await contentOf(file));
      if (tab) tab.location.href = url;
      else {
        const link = document.createElement('a');
        link.href = url;
        link.download = file.name;
        link.click();
      }
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close();
      notifications.show({ color: 'red', message: COMMON_MESSAGES.ATTACHMENT_OPEN_FAILED });
    }
  };
}
