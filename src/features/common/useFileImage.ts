// An image to show in an <img> (an avatar, a company logo): an uploaded file
// (/api/v7/files/content, which needs the bearer token) is fetched and shown from a blob URL (the
// service worker may answer it from its cache, so it also shows offline); any other address (a
// seeded /avatars/… picture or logo) is used as it is.
import { useEffect, useState } from 'react';
import { FILE_CONTENT_PATH } from '../../contract/api/files';
import { useAppServices } from '../../platform/AppServicesContext';
import { apiUrl } from '../../platform/api/apiClient';

/** The object name of an uploaded file's address, or null for any other address. */
export function uploadedObjectName(url: string | null | undefined): string | null {
  if (!url?.startsWith(`${FILE_CONTENT_PATH}?`)) return null;
  return new URLSearchParams(url.slice(FILE_CONTENT_PATH.length + 1)).get('path');
}

export function useFileImage(url: string | null | undefined): string | null {
  const { session, config } = useAppServices();
  const objectName = uploadedObjectName(url);
  const [blobUrl, setBlobUrl] = useState<string | null>(null);

  useEffect(() => {
    if (objectName === null) return;
    let revoked = false;
    let created: string | null = null;
    void (async () => {
      try {
        const token = await session.freshToken();
        const response = await fetch(
          apiUrl(config.gateway, FILE_CONTENT_PATH, { path: objectName }, session.companyId()),
          { headers: token ? { authorization: `Bearer ${token}` } : {} },
        );
        if (!response.ok || revoked) return;
        created = URL.createObjectURL(await response.blob());
        if (revoked) URL.revokeObjectURL(created);
        else setBlobUrl(created);
      } catch {
        // No picture: the avatar shows the name's initials instead.
      }
    })();
    return () => {
      revoked = true;
      if (created) URL.revokeObjectURL(created);
      setBlobUrl(null);
    };
  }, [objectName, session, config.gateway]);

  if (objectName === null) return url ?? null;
  return blobUrl;
}
