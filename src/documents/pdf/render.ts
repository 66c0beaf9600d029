// renderPdf: a DocumentSpec and the font bytes in, the PDF bytes out, on A4 or the spec's own page
// format; the same code and the same bytes in the browser and on the server. Determinism: no clock
// (dates from spec.createdAt), no random resource or subset names, pdf-lib's own metadata update
// switched off, and compression by pako in both runtimes (docs/research/pdf-documents.md).

import { PDFDocument } from 'pdf-lib';
import type { DocumentFonts } from '../fonts/fontFiles';
import { type Block, type DocumentSpec, DocumentSpecError } from '../spec';

export { DocumentSpecError };

import {
  drawFields,
  drawHeading,
  drawParagraph,
  drawParties,
  drawSignatures,
  drawTag,
} from './blocks';
import { drawableText, type HasCharacter } from './coverage';
import { fontkit2 } from './fontkit2';
import { FOOTER_BASELINE, INK, PageCursor, pageGeometry } from './page';
import { drawTable } from './table';

const PRODUCER = 'purchasing-app';
/** Space between two blocks. */
const BLOCK_GAP = 6;

/** Every string of a block made drawable with the embedded fonts (□ for what they lack). */
function drawableBlock<T>(value: T, has: HasCharacter): T {
  if (typeof value === 'string') return drawableText(value, has) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => drawableBlock(v, has)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === 'kind' ? v : drawableBlock(v, has)]),
    ) as T;
  }
  return value;
}

function drawBlock(cursor: PageCursor, block: Block): void {
  switch (block.kind) {
    case 'heading':
      drawHeading(cursor, block);
      return;
    case 'paragraph':
      drawParagraph(cursor, block);
      return;
    case 'fields':
      drawFields(cursor, block);
      return;
    case 'parties':
      drawParties(cursor, block);
      return;
    case 'table':
      drawTable(cursor, block);
      return;
    case 'tag':
      drawTag(cursor, block);
      return;
    case 'signatures':
      drawSignatures(cursor, block);
      return;
    case 'spacer':
      cursor.ensure(0);
      cursor.y -= Math.max(0, block.height);
      return;
    case 'pageBreak':
      cursor.newPage();
      return;
  }
}

export async function renderPdf(spec: DocumentSpec, fonts: DocumentFonts): Promise<Uint8Array> {
  const created = new Date(spec.createdAt);
  if (Number.isNaN(created.getTime())) {
    throw new DocumentSpecError(`单据日期无效：${spec.createdAt}`);
  }
  const doc = await PDFDocument.create({ updateMetadata: false });
  // pdf-lib names fonts and resources with Math.random() suffixes: a counter keeps bytes equal.
  let sequence = 0;
  doc.context.addRandomSuffix = (prefix: string) => `${prefix}-${++sequence}`;
  doc.registerFontkit(fontkit2);
  // The six-letter tag marks an embedded subset (PDF 32000 §9.6.4); fixed, not random.
  const regular = await doc.embedFont(fonts.regular, {
    subset: true,
    customName: 'AAAAAA+NotoSansSC-Regular',
  });
  const bold = await doc.embedFont(fonts.bold, {
    subset: true,
    customName: 'AAAAAB+NotoSansSC-Bold',
  });
  doc.setTitle(spec.title);
  doc.setLanguage('zh-CN');
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setCreationDate(created);
  doc.setModificationDate(created);

  const inRegular = new Set(regular.getCharacterSet());
  const inBold = new Set(bold.getCharacterSet());
  const has: HasCharacter = (point) => inRegular.has(point) && inBold.has(point);

  const geometry = pageGeometry(spec);
  const cursor = new PageCursor(doc, { regular, bold }, geometry);
  cursor.newPage();
  spec.blocks.forEach((block, i) => {
    if (i > 0 && block.kind !== 'spacer' && block.kind !== 'pageBreak' && !cursor.atPageTop) {
      cursor.y -= BLOCK_GAP;
    }
    drawBlock(cursor, drawableBlock(block, has));
  });

  const total = cursor.pages.length;
  if (!geometry.pageNumbers) return doc.save({ useObjectStreams: true });
  cursor.pages.forEach((page, i) => {
    const text = `第 ${i + 1} / ${total} 页`;
    const width = regular.widthOfTextAtSize(text, 8);
    page.drawText(text, {
      x: (page.getWidth() - width) / 2,
      y: FOOTER_BASELINE,
      size: 8,
      font: regular,
      color: INK,
    });
  });
  return doc.save({ useObjectStreams: true });
}
