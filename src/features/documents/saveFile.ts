// Saves a made document under its file name: a link with `download`, clicked and removed (the
// way every browser saves a blob URL, a phone's too).

export function saveUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export function pdfUrl(bytes: Uint8Array): string {
  return URL.createObjectURL(
    new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
  );
}

/** Saves the blob (a PDF, an export), then frees its URL once the browser has taken the download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function savePdf(bytes: Uint8Array, fileName: string): void {
  saveBlob(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), fileName);
}
