// Links to the public website (purchasing-core §2.3 "clicking the logo opens the brand's public
// website", §2.4 "link to the public product page when the product has a path"). Rows carry the
// path (`url_path`); the site's origin is the runtime config's `publicWebsite`.

import { trimEndWhile } from '../format/text';

function join(publicWebsite: string, path: string): string {
  const origin = trimEndWhile(publicWebsite, (c) => c === '/');
  return `${origin}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The brand's page, when it has a path and is published; null otherwise (nothing to open). */
export function brandSiteUrl(
  publicWebsite: string,
  brand: { url_path?: string | null; is_published?: boolean | null } | null | undefined,
): string | null {
  const path = brand?.url_path?.trim();
  if (!path || brand?.is_published === false) return null;
  return join(publicWebsite, path);
}

/** The product's public page, or null when the product has no path. */
export function productPageUrl(
  publicWebsite: string,
  urlPath: string | null | undefined,
): string | null {
  const path = urlPath?.trim();
  return path ? join(publicWebsite, path) : null;
}
