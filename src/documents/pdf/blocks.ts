// Drawing of the text blocks of a DocumentSpec (tables are in table.ts). Paragraphs run over
// pages line by line; a field row, the party blocks and the signature area move to the next page
// whole when they do not fit.

import type {
  Field,
  FieldsBlock,
  HeadingBlock,
  ParagraphBlock,
  PartiesBlock,
  SignatureBlock,
  TagBlock,
} from '../spec';
import { LINE_HEIGHT, type PageCursor, TAG_INK } from './page';

const BODY_SIZE = 10;
const COLUMN_GAP = 18;
const LABEL_GAP = 4;

export function drawHeading(cursor: PageCursor, block: HeadingBlock): void {
  const level = block.level ?? 1;
  const size = level === 1 ? 16 : 11.5;
  const lines = cursor.wrap(block.text, cursor.width, size, true);
  const height = lines.length * size * LINE_HEIGHT;
  // Keep a heading with at least two lines of what follows it.
  cursor.ensure(height + 2 * BODY_SIZE * LINE_HEIGHT);
  if (level === 2 && !cursor.atPageTop) cursor.y -= 4;
  cursor.y -= cursor.lines(
    lines,
    {
      x: cursor.left,
      width: cursor.width,
      align: block.align ?? (level === 1 ? 'center' : 'left'),
    },
    cursor.y,
    size,
    { bold: true },
  );
  if (level === 1) cursor.y -= 4;
}

export function drawParagraph(cursor: PageCursor, block: ParagraphBlock): void {
  const size = Math.min(24, Math.max(6, block.size ?? BODY_SIZE));
  const step = size * LINE_HEIGHT;
  const box = { x: cursor.left, width: cursor.width, align: block.align ?? 'left' };
  for (const text of cursor.wrap(block.text, cursor.width, size, block.bold)) {
    cursor.ensure(step);
    cursor.line(text, box, cursor.y, size, { bold: block.bold });
    cursor.y -= step;
  }
}

interface LabelValueLayout {
  label: string[];
  value: string[];
  height: number;
}

/** A label in `labelWidth` and its value beside it, both wrapped. */
function layoutField(
  cursor: PageCursor,
  field: Field,
  width: number,
  labelWidth: number,
  size: number,
): LabelValueLayout {
  const label = cursor.wrap(field.label, labelWidth, size, true);
  const value = cursor.wrap(field.value, Math.max(width - labelWidth - LABEL_GAP, 1), size);
  return { label, value, height: Math.max(label.length, value.length) * size * LINE_HEIGHT };
}

function drawField(
  cursor: PageCursor,
  layout: LabelValueLayout,
  x: number,
  width: number,
  labelWidth: number,
  top: number,
  size: number,
): void {
  cursor.lines(layout.label, { x, width: labelWidth }, top, size, { bold: true });
  const valueX = x + labelWidth + LABEL_GAP;
  cursor.lines(layout.value, { x: valueX, width: x + width - valueX }, top, size);
}

/** The widest label, but at most 40% of the column: longer labels wrap. */
function labelWidthOf(cursor: PageCursor, fields: readonly Field[], width: number, size: number) {
  const measure = cursor.measure(size, true);
  const widest = Math.max(0, ...fields.map((f) => measure(f.label)));
  return Math.min(widest, width * 0.4);
}

export function drawFields(cursor: PageCursor, block: FieldsBlock): void {
  const columns = block.columns ?? 1;
  const size = BODY_SIZE;
  const columnWidth = (cursor.width - COLUMN_GAP * (columns - 1)) / columns;
  const labelWidth = labelWidthOf(cursor, block.fields, columnWidth, size);
  for (let start = 0; start < block.fields.length; start += columns) {
    const row = block.fields.slice(start, start + columns);
    const layouts = row.map((field) => layoutField(cursor, field, columnWidth, labelWidth, size));
    const height = Math.max(...layouts.map((l) => l.height));
    cursor.ensure(height);
    layouts.forEach((layout, i) => {
      const x = cursor.left + i * (columnWidth + COLUMN_GAP);
      drawField(cursor, layout, x, columnWidth, labelWidth, cursor.y, size);
    });
    cursor.y -= height;
  }
}

export function drawParties(cursor: PageCursor, block: PartiesBlock): void {
  const count = Math.max(1, block.parties.length);
  const size = 9.5;
  const titleSize = 11;
  const columnWidth = (cursor.width - COLUMN_GAP * (count - 1)) / count;
  const columns = block.parties.map((party) => {
    const labelWidth = labelWidthOf(cursor, party.lines, columnWidth, size);
    const title = cursor.wrap(party.title, columnWidth, titleSize, true);
    const fields = party.lines.map((f) => layoutField(cursor, f, columnWidth, labelWidth, size));
    const height =
      title.length * titleSize * LINE_HEIGHT + 2 + fields.reduce((sum, f) => sum + f.height, 0);
    return { labelWidth, title, fields, height };
  });
  cursor.ensure(Math.max(0, ...columns.map((c) => c.height)));
  const top = cursor.y;
  columns.forEach((column, i) => {
    const x = cursor.left + i * (columnWidth + COLUMN_GAP);
    let y = top;
    y -= cursor.lines(column.title, { x, width: columnWidth }, y, titleSize, { bold: true });
    cursor.rule(x, x + columnWidth, y - 1);
    y -= 2;
    for (const field of column.fields) {
      drawField(cursor, field, x, columnWidth, column.labelWidth, y, size);
      y -= field.height;
    }
  });
  cursor.y = top - Math.max(0, ...columns.map((c) => c.height));
}

export function drawTag(cursor: PageCursor, block: TagBlock): void {
  const size = 9;
  const padX = 6;
  const padY = 2;
  const textWidth = cursor.measure(size, true)(block.text);
  const width = Math.min(textWidth + 2 * padX, cursor.width);
  const height = size * LINE_HEIGHT + 2 * padY;
  cursor.ensure(height);
  const align = block.align ?? 'left';
  const x =
    align === 'right'
      ? cursor.left + cursor.width - width
      : align === 'center'
        ? cursor.left + (cursor.width - width) / 2
        : cursor.left;
  cursor.page.drawRectangle({
    x,
    y: cursor.y - height,
    width,
    height,
    borderColor: TAG_INK,
    borderWidth: 1,
  });
  cursor.line(block.text, { x, width, align: 'center' }, cursor.y - padY, size, {
    bold: true,
    color: TAG_INK,
  });
  cursor.y -= height;
}

export function drawSignatures(cursor: PageCursor, block: SignatureBlock): void {
  const count = Math.max(1, block.parties.length);
  const size = 10;
  const step = size * LINE_HEIGHT;
  const columnWidth = (cursor.width - COLUMN_GAP * 2 * (count - 1)) / count;
  const columns = block.parties.map((party) => ({
    party,
    title: cursor.wrap(party.title, columnWidth, size, true),
    lines: (party.lines ?? []).flatMap((l) => cursor.wrap(l, columnWidth, size)),
  }));
  // The signature and date lines sit at one height across the columns.
  const textHeight = Math.max(0, ...columns.map((c) => (c.title.length + c.lines.length) * step));
  const stampRoom = 20;
  const height = textHeight + stampRoom + 3 * step;
  cursor.ensure(height);
  const top = cursor.y;
  columns.forEach((column, i) => {
    const x = cursor.left + i * (columnWidth + 2 * COLUMN_GAP);
    const box = { x, width: columnWidth };
    const below = top - cursor.lines(column.title, box, top, size, { bold: true });
    cursor.lines(column.lines, box, below, size);
    let y = top - textHeight - stampRoom;
    for (const label of [
      column.party.signLabel ?? '签字（盖章）：',
      column.party.dateLabel ?? '日期：',
    ]) {
      cursor.line(label, box, y, size);
      const lineStart = x + Math.min(cursor.measure(size)(label) + 2, columnWidth - 20);
      cursor.rule(lineStart, x + columnWidth, y - step + 3);
      y -= step * 1.5;
    }
  });
  cursor.y = top - height;
}
