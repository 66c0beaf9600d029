// The address a stored file is read back at (GET /api/v7/files/content). Rows of the feed, the
// account's avatar and a company's logo all carry it, so it sits below the services and the sync
// projections rather than in the messaging service that stores the bytes.

export const fileUrl = (objectName: string): string =>
  `/api/v7/files/content?path=${encodeURIComponent(objectName)}`;
