// The sync worker's upload with progress (engine/http.ts `UploadLike`): `fetch` cannot report a
// request body's bytes as they go, XMLHttpRequest can, in a worker too. The answer comes back as
// a Response, so the engine reads it as it reads every answer; a network failure rejects like
// `fetch` does (the engine treats it as offline).
import type { UploadLike } from './engine/http';

/** Statuses whose Response must have no body. */
const EMPTY_STATUSES = new Set([101, 204, 205, 304]);

export const xhrUpload: UploadLike = (url, init, onProgress) =>
  new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'POST', url);
    xhr.responseType = 'text';
    for (const [name, value] of new Headers(init.headers).entries()) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      const headers = new Headers();
      const retryAfter = xhr.getResponseHeader('retry-after');
      if (retryAfter !== null) headers.set('retry-after', retryAfter);
      const type = xhr.getResponseHeader('content-type');
      if (type !== null) headers.set('content-type', type);
      const body = EMPTY_STATUSES.has(xhr.status) ? null : xhr.responseText;
      resolve(new Response(body, { status: xhr.status, headers }));
    });
    const failed = () => reject(new TypeError('Failed to fetch'));
    xhr.addEventListener('error', failed);
    xhr.addEventListener('abort', failed);
    xhr.addEventListener('timeout', failed);
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
