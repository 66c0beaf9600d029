// What POST /api/v7/files accepts (settings-messaging-shared §5 "Upload", §7 "Files", §9;
// purchasing-core §7.3): product attachments are images (gif, jpeg, png, svg) or PDF, to-do
// attachments anything but programs. The type is decided from the bytes, not from what the
// browser claims, so a renamed program is refused and an image is served with its real type.
// The size limit and the image predicate are the domain's (src/domain/files/uploads.ts).
import { DOCUMENT_TYPES, type DocumentType, isImageFile } from '../../src/domain/files/uploads';
import { invalidText, isInvalidText } from '../http/textGuard';
import { UPLOAD_REFUSALS } from './messages';

const ascii = (bytes: Uint8Array, length: number) =>
  Buffer.from(bytes.subarray(0, length)).toString('latin1');
const startsWith = (bytes: Uint8Array, prefix: number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);

/** The type the bytes show, for the formats the rules care about; null when unknown. */
export function sniffContentType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(bytes, 6) === 'GIF87a' || ascii(bytes, 6) === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 5) === '%PDF-') return 'application/pdf';
  return looksLikeSvg(Buffer.from(bytes.subarray(0, 1024)).toString('utf8'))
    ? 'image/svg+xml'
    : null;
}

const SPACE = /\s/;
const skipSpace = (text: string, from: number) => {
  let at = from;
  while (at < text.length && SPACE.test(text.charAt(at))) at++;
  return at;
};
const opensWith = (text: string, at: number, prefix: string) =>
  text.slice(at, at + prefix.length).toLowerCase() === prefix;

/**
 * Whether the text opens as an SVG document: BOM and space, an optional `<?xml …>`, any comments
 * and space, an optional `<!DOCTYPE svg …>`, then `<svg` and a space or `>`. A forward scan with
 * `indexOf` (security review H1: the regular expression this replaces backtracked exponentially
 * over a run of comments). A comment ends at its first `-->`, as in XML.
 */
export function looksLikeSvg(text: string): boolean {
  let at = skipSpace(text, text.charAt(0) === '\uFEFF' ? 1 : 0);
  if (opensWith(text, at, '<?xml')) {
    const end = text.indexOf('>', at);
    if (end < 0) return false;
    at = skipSpace(text, end + 1);
  }
  while (text.startsWith('<!--', at)) {
    const end = text.indexOf('-->', at + 4);
    if (end < 0) return false;
    at = skipSpace(text, end + 3);
  }
  if (opensWith(text, at, '<!doctype svg')) {
    const end = text.indexOf('>', at);
    if (end < 0) return false;
    at = skipSpace(text, end + 1);
  }
  if (!opensWith(text, at, '<svg')) return false;
  const next = text.charAt(at + 4);
  return next === '>' || (next !== '' && SPACE.test(next));
}

const EXECUTABLE_EXTENSIONS = new Set([
  'exe',
  'com',
  'bat',
  'cmd',
  'msi',
  'msp',
  'scr',
  'pif',
  'cpl',
  'dll',
  'ps1',
  'psm1',
  'vbs',
  'vbe',
  'js',
  'jse',
  'wsf',
  'wsh',
  'hta',
  'jar',
  'sh',
  'bash',
  'csh',
  'ksh',
  'command',
  'app',
  'apk',
  'deb',
  'rpm',
  'reg',
  'lnk',
]);

const EXECUTABLE_TYPES = new Set([
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/vnd.microsoft.portable-executable',
  'application/x-executable',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-sh',
  'application/x-bat',
  'application/java-archive',
  'application/vnd.android.package-archive',
]);

// PE (MZ), ELF, Mach-O (both byte orders, 32/64 bit, fat) and scripts with a shebang.
const EXECUTABLE_MAGIC: number[][] = [
  [0x4d, 0x5a],
  [0x7f, 0x45, 0x4c, 0x46],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
  [0x23, 0x21],
];

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isExecutable(file: { name: string; type: string; bytes: Uint8Array }): boolean {
  return (
    EXECUTABLE_EXTENSIONS.has(extensionOf(file.name)) ||
    EXECUTABLE_TYPES.has(file.type.toLowerCase()) ||
    EXECUTABLE_MAGIC.some((magic) => startsWith(file.bytes, magic))
  );
}

export type AcceptedUpload = { contentType: string } | { refusal: string };

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** Accepts the upload with the type to store, or says why not (the reason after 文件上传失败：). */
export function acceptUpload(
  documentType: DocumentType,
  file: { name: string; type: string; bytes: Uint8Array },
): AcceptedUpload {
  if (file.bytes.length === 0) return { refusal: UPLOAD_REFUSALS.EMPTY };
  if (isExecutable(file)) return { refusal: UPLOAD_REFUSALS.EXECUTABLE };
  const sniffed = sniffContentType(file.bytes);
  if (documentType === DOCUMENT_TYPES.PRODUCT_ATTACHMENT) {
    const allowed =
      sniffed !== null &&
      (sniffed === 'application/pdf' || isImageFile({ name: file.name, type: sniffed }));
    return allowed
      ? { contentType: sniffed }
      : { refusal: UPLOAD_REFUSALS.PRODUCT_ATTACHMENT_TYPE };
  }
  // Images only, judged by the bytes (an avatar or a logo then shows as what it really is).
  if (documentType === DOCUMENT_TYPES.AVATAR || documentType === DOCUMENT_TYPES.COMPANY_LOGO) {
    const image = sniffed !== null && isImageFile({ name: file.name, type: sniffed });
    return image ? { contentType: sniffed } : { refusal: UPLOAD_REFUSALS.IMAGE_TYPE };
  }
  const claimed = file.type.toLowerCase();
  return { contentType: sniffed ?? (MIME.test(claimed) ? claimed : 'application/octet-stream') };
}

/**
 * The name shown and sent back in Content-Disposition: no path, no control characters. A name
 * with a NUL or broken UTF-16 is refused (400, like any such text field: http/textGuard.ts).
 */
export function displayFileName(name: string): string {
  if (isInvalidText(name)) throw invalidText('file');
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned;
}

/** The last segment of an object name: letters (any script), digits and `._-()`, never `..`. */
export function storageFileName(name: string): string {
  const shown = displayFileName(name);
  const safe = shown
    .replace(/[^\p{L}\p{N}._\-()]/gu, '_')
    .replace(/_+/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._]+/, '');
  if (safe === '') return 'file';
  if (safe.length <= 100) return safe;
  const extension = extensionOf(safe).slice(0, 10);
  return extension ? `${safe.slice(0, 99 - extension.length)}.${extension}` : safe.slice(0, 100);
}

// RFC 5987: attr-char has no ' ( ) *, which encodeURIComponent leaves as they are.
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** `inline` for what browsers show safely, else `attachment`; the UTF-8 name in filename*. */
export function contentDisposition(name: string, contentType: string): string {
  const inline = ['image/png', 'image/jpeg', 'image/gif', 'application/pdf'].includes(contentType);
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
}
