// The browser-side defences every answer carries (security review M3): a strict
// Content-Security-Policy on the app (no inline or foreign script, no framing, connections only to
// this origin, the live channel, the search host and the identity provider), a minimal one on API
// answers, and the usual hardening headers. Routes that set their own CSP keep it (file content and
// logos are sandboxed, the sign-in page allows its inline styles).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RuntimeConfig } from '../../src/domain/config/runtimeConfig';

/** Answers that are data, not a document: nothing in them may load or run anything. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

const HSTS = 'max-age=31536000';

/** Features the app never uses, refused to it and to anything framed in it. */
const PERMISSIONS = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** The origin of an absolute http(s)/ws(s) URL, or null for a path or an empty setting. */
function originOf(url: string): string | null {
  if (!/^(https?|wss?):\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** ws(s):// for an http(s) origin: the live channel on the same host. */
function socketOrigin(origin: string): string {
  return origin.replace(/^http/i, 'ws');
}

/** Where the app may connect besides its own origin, from the settings /config.json hands it. */
export function connectSources(publicUrl: string, settings: RuntimeConfig): string[] {
  const publicOrigin = new URL(publicUrl).origin;
  const candidates = [
    // 'self' covers same-origin ws(s) in current browsers; named for older WebKit.
    socketOrigin(publicOrigin),
    originOf(settings.gateway),
    originOf(settings.websocket),
    originOf(settings.searchHost) ??
      (settings.searchHost === '' ? null : originOf(`https://${settings.searchHost}`)),
    originOf(settings.auth.authority),
  ];
  const own = new Set(["'self'", publicOrigin]);
  const sources: string[] = [];
  for (const source of candidates) {
    if (source && !own.has(source) && !sources.includes(source)) sources.push(source);
  }
  return sources;
}

/** The app's policy: index.html, its scripts and workers (a worker's own policy comes with it). */
export function appPolicy(connect: string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine writes its CSS variables in a <style> element and components set style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Avatars and attachments shown from blobs; the registration captcha is a data: SVG.
    "img-src 'self' blob: data:",
    "font-src 'self'",
    ['connect-src', "'self'", ...connect].join(' '),
    "worker-src 'self'",
    // The PDF preview shows the document made on the device from a blob: URL.
    "frame-src 'self' blob:",
    "manifest-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function isHttps(request: FastifyRequest, publicHttps: boolean): boolean {
  // request.protocol reads X-Forwarded-Proto only from the hops TRUST_PROXY names.
  return publicHttps || request.protocol === 'https';
}

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && /^application\/(problem\+)?json\b/i.test(type);
}

/** `settings` is what /config.json hands the app: the policy lets it connect there and nowhere else. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  settings: RuntimeConfig,
): void {
  const policy = appPolicy(connectSources(publicUrl, settings));
  const publicHttps = publicUrl.startsWith('https:');

  // On the raw response, so the embedded provider's pages (written by Koa past Fastify's reply)
  // get them too; a header a route sets itself wins (Node merges them under writeHead's).
  app.addHook('onRequest', async (request, reply) => {
    const raw = reply.raw;
    raw.setHeader('x-content-type-options', 'nosniff');
    raw.setHeader('x-frame-options', 'DENY');
    raw.setHeader('referrer-policy', 'no-referrer');
    raw.setHeader('permissions-policy', PERMISSIONS);
    raw.setHeader('cross-origin-opener-policy', 'same-origin');
    if (isHttps(request, publicHttps)) raw.setHeader('strict-transport-security', HSTS);
  });

  // The CSP depends on what the answer is: a document or script gets the app's policy, data the
  // minimal one. The provider's own pages are left to the provider (its form_post script is
  // allowed by hash only when a policy is already there; the sign-in page sets its own).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', isJson(reply) ? API_POLICY : policy);
    }
    return payload;
  });
}
