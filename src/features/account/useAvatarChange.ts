// Saving a cropped avatar (settings-messaging-shared §7 "Files" and PUT /users/{id}/avatar): the
// png is uploaded (documentType AVATAR), then named as the account's avatar. Answers the new
// avatar address, or null after a failure (图片上传失败,请重试！ and the server's reason).
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { APP_ROUTES } from '../../contract/api/routes';
import { AVATAR_CROP } from '../../domain/files/avatar';
import { FILE_MESSAGES } from '../../domain/files/messages';
import { DOCUMENT_TYPES } from '../../domain/files/uploads';
import { useAppServices } from '../../platform/AppServicesContext';
import { useApi } from '../../platform/api/useApi';
import { useSyncApi } from '../../platform/sync/useSyncApi';

const AVATAR_FILE_NAME = `avatar.${AVATAR_CROP.outputType}`;

export function useAvatarChange(accountId: number) {
  const api = useApi();
  const { session } = useAppServices();
  const sync = useSyncApi();
  const [saving, setSaving] = useState(false);

  async function save(png: Blob): Promise<string | null> {
    setSaving(true);
    try {
      const form = new FormData();
      form.append('file', png, AVATAR_FILE_NAME);
      const { object_name } = await api.call(APP_ROUTES.uploadFile, {
        query: { documentType: DOCUMENT_TYPES.AVATAR, entityId: String(accountId) },
        body: form,
      });
      const { avatar } = await api.call(APP_ROUTES.changeAvatar, {
        params: { accountId },
        query: { avatar: object_name },
      });
      notifications.show({ color: 'teal', message: FILE_MESSAGES.IMAGE_UPLOADED });
      session.accountChanged({ avatar });
      // The staff rows carry the avatar: fetch them now rather than at the next sync.
      void sync.pullNow().catch(() => undefined);
      return avatar;
    } catch {
      notifications.show({ color: 'red', message: FILE_MESSAGES.IMAGE_UPLOAD_FAILED });
      return null;
    } finally {
      setSaving(false);
    }
  }

  return { save, saving };
}
