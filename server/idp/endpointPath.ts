// Which provider endpoint a request under /oidc reaches, read the way oidc-provider's router reads
// the path (percent-decoded, case and trailing slashes ignored), so a limit keyed on it cannot be
// stepped around by spelling the path differently (/oidc/Token, /oidc/token/, /oidc/%74oken).
import { MOUNT_PATH } from './configuration';

export type ProviderEndpoint = 'auth' | 'token' | 'other';

/** The provider endpoint of a request URL (path and query as Fastify's request.url has them). */
export function providerEndpoint(url: string): ProviderEndpoint {
  const query = url.indexOf('?');
  let path = query === -1 ? url : url.slice(0, query);
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape: the provider answers it with an error; no endpoint's budget applies.
    return 'other';
  }
  path = path.toLowerCase();
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end -= 1;
  path = path.slice(0, end);
  if (path === `${MOUNT_PATH}/auth`) return 'auth';
  if (path === `${MOUNT_PATH}/token`) return 'token';
  return 'other';
}
