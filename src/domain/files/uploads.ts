// Upload limits and accepted types (settings-messaging-shared §2 "Personal centre", §5 "Upload",
// §7 "Files", §9). Files are structural values so the rules run in the app, worker and server.

import { duplicateFileMessage, FILE_MESSAGES, fileCountLimitMessage } from './messages';

export interface FileLike {
  name: string;
  size: number;
  type: string;
}

export const MAX_FILE_SIZE_BYTES = 20 * 1024 * 1024;
export const DEFAULT_FILE_COUNT_LIMIT = 100;

/** Strictly under 20 MB: a file of exactly 20 MB is refused. */
export function isUnderSizeLimit(size: number): boolean {
  return size < MAX_FILE_SIZE_BYTES;
}

export function validateFileSize(file: Pick<FileLike, 'size'>): string | null {
  return isUnderSizeLimit(file.size) ? null : FILE_MESSAGES.TOO_LARGE;
}

/** Checked on the list after adding: reaching the limit is allowed, passing it is not. */
export function validateFileCount(
  count: number,
  limit: number = DEFAULT_FILE_COUNT_LIMIT,
): string | null {
  return count > limit ? fileCountLimitMessage(limit) : null;
}

/** Refuses a file whose name is already in the list, naming the one it repeats. */
export function validateDuplicateName(
  name: string,
  listed: ReadonlyArray<Pick<FileLike, 'name'>>,
): string | null {
  const index = listed.findIndex((f) => f.name === name);
  return index < 0 ? null : duplicateFileMessage(index + 1);
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Avatar and logo images: gif, jpeg, png, svg. `.jpg` is the usual name of a jpeg. */
export const IMAGE_MIME_TYPES = ['image/gif', 'image/jpeg', 'image/png', 'image/svg+xml'] as const;
export const IMAGE_EXTENSIONS = ['gif', 'jpeg', 'jpg', 'png', 'svg'] as const;

/** The rich-text editor's images. */
export const RICH_TEXT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'bmp'] as const;

/** Browsers leave `type` empty for some files; the extension decides then. */
export function isImageFile(file: Pick<FileLike, 'name' | 'type'>): boolean {
  if (file.type !== '')
    return (IMAGE_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase());
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
}

export function isRichTextImage(file: Pick<FileLike, 'name'>): boolean {
  return (RICH_TEXT_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
}

/**
 * The documentType of POST /api/v7/files. TODO_ATTACHMENT is named by the spec; the product
 * attachment's code is not, PRODUCT_ATTACHMENT is ours.
 */
export const DOCUMENT_TYPES = {
  TODO_ATTACHMENT: 'TODO_ATTACHMENT',
  PRODUCT_ATTACHMENT: 'PRODUCT_ATTACHMENT',
  /** Ours: the company logo of company settings (then PUT /companies/{id}/logo?logo=). */
  COMPANY_LOGO: 'COMPANY_LOGO',
  /** Ours: a user's avatar, the cropped png of the personal centre (then PUT /users/{id}/avatar). */
  AVATAR: 'AVATAR',
} as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[keyof typeof DOCUMENT_TYPES];
