// Small real files for demo attachments (a one-page PDF and a PNG), stored in the `files` table
// under the storage path clients refer to (`{companyId}/{uuid}/{file name}`), plus the
// attachment record to-dos and sheet lines carry.

import { crc32, deflateSync } from 'node:zlib';
import type { DocumentType } from '../../../src/domain/files/uploads';
import type { files, TodoFile } from '../../db/schema/index';
import type { Random } from './random';

export type FileRow = typeof files.$inferInsert;

/** A one-page PDF with a line of (ASCII) text; valid enough for any viewer. */
export function tinyPdf(text: string): Uint8Array {
  const safe = text.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '\\$&');
  const stream = `BT /F1 18 Tf 72 760 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A small PNG of horizontal colour bands (a stand-in for a photo of a nameplate). */
export function tinyPng(rng: Random, size = 32): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const bands = Array.from({ length: 4 }, () => [
    rng.int(40, 240),
    rng.int(40, 240),
    rng.int(40, 240),
  ]);
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const [r, g, b] = bands[Math.floor((y * bands.length) / size)] ?? [0, 0, 0];
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) raw.set([r ?? 0, g ?? 0, b ?? 0], row + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

/** A stored file and the attachment record that points at it. */
export function makeAttachment(
  rng: Random,
  input: {
    companyId: number;
    uploadedBy: number | null;
    documentType: DocumentType;
    entityId: string | null;
    name: string;
    kind: 'pdf' | 'png';
    title: string;
    createdAt: string;
  },
): { file: FileRow; attachment: TodoFile } {
  const data = input.kind === 'pdf' ? tinyPdf(input.title) : tinyPng(rng);
  const contentType = input.kind === 'pdf' ? 'application/pdf' : 'image/png';
  const objectName = `${input.companyId}/${rng.uuid()}/${input.name}`;
  return {
    file: {
      companyId: input.companyId,
      objectName,
      fileName: input.name,
      contentType,
      size: data.byteLength,
      documentType: input.documentType,
      entityId: input.entityId,
      uploadedBy: input.uploadedBy,
      data,
      createdAt: input.createdAt,
    },
    attachment: {
      object_name: objectName,
      name: input.name,
      content_type: contentType,
      size: data.byteLength,
    },
  };
}
