// The upload rules as a hook for any file picker (settings-messaging-shared §5 "Upload"): size
// under 20 MB, the count limit, duplicate names and (optionally) images only; each refusal is
// shown as a red notification and the acceptable files are answered, nothing else is lost.
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { screenUploads, type UploadSelectionOptions } from '../../domain/files/uploadSelection';
import type { FileLike } from '../../domain/files/uploads';

export function useUploadRules(
  options: UploadSelectionOptions = {},
): <T extends FileLike>(
  picked: readonly T[],
  listed?: ReadonlyArray<Pick<FileLike, 'name'>>,
) => T[] {
  const { limit, imagesOnly } = options;
  return useCallback(
    (picked, listed = []) => {
      const { accepted, refusals } = screenUploads(picked, listed, {
        ...(limit === undefined ? {} : { limit }),
        ...(imagesOnly === undefined ? {} : { imagesOnly }),
      });
      for (const message of refusals) notifications.show({ color: 'red', message });
      return accepted;
    },
    [limit, imagesOnly],
  );
}
