// A file's size as users read it: 512 B, 12.5 KB, 3.4 MB (powers of 1,024, one decimal).

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The bytes of a file sent, read off its request's progress (a multipart body is a little larger
 * than the file): the same share of the file, never more than all of it.
 */
export function fileShareSent(size: number, sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(size, Math.round((size * Math.min(sent, total)) / total));
}
