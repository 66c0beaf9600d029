// Tables: column widths shared out in proportion, wrapped cells, a header row repeated on every
// page, rows moved whole to the next page (a row taller than a page is split by lines), and bold
// totals rows on a light fill.

import type { RGB } from 'pdf-lib';
import { type Align, DocumentSpecError, type TableBlock, type TableCell } from '../spec';
import { HEADER_FILL, type PageCursor, RULE, TOTALS_FILL } from './page';

const PAD_X = 3;
const PAD_Y = 2.5;
const TABLE_LINE_HEIGHT = 1.35;

interface CellLayout {
  x: number;
  width: number;
  align: Align;
  bold: boolean;
  lines: string[];
}

interface RowLayout {
  cells: CellLayout[];
  lineCount: number;
  fill?: RGB;
}

function layoutRow(
  cursor: PageCursor,
  block: TableBlock,
  cells: readonly TableCell[],
  columnX: readonly number[],
  size: number,
  style: { bold: boolean; fill?: RGB; header?: boolean },
  rowIndex: number,
): RowLayout {
  const layouts: CellLayout[] = [];
  let column = 0;
  for (const cell of cells) {
    const { text, span = 1, align, bold } = typeof cell === 'string' ? { text: cell } : cell;
    const start = columnX[column];
    const end = columnX[column + span];
    if (!Number.isInteger(span) || span < 1 || start === undefined || end === undefined) {
      throw new DocumentSpecError(
        `表格第 ${rowIndex + 1} 行的单元格超出了 ${block.columns.length} 列`,
      );
    }
    const isBold = bold ?? style.bold;
    const width = end - start;
    layouts.push({
      x: start,
      width,
      align: align ?? (style.header ? 'center' : (block.columns[column]?.align ?? 'left')),
      bold: isBold,
      lines: cursor.wrap(text, Math.max(width - 2 * PAD_X, 1), size, isBold),
    });
    column += span;
  }
  if (column !== block.columns.length) {
    throw new DocumentSpecError(
      `表格第 ${rowIndex + 1} 行有 ${column} 列，应为 ${block.columns.length} 列`,
    );
  }
  const lineCount = Math.max(1, ...layouts.map((c) => c.lines.length));
  return { cells: layouts, lineCount, fill: style.fill };
}

export function drawTable(cursor: PageCursor, block: TableBlock): void {
  if (block.columns.length === 0) throw new DocumentSpecError('表格没有列');
  const size = block.size ?? 8.5;
  const step = size * TABLE_LINE_HEIGHT;
  const heightOf = (lineCount: number) => lineCount * step + 2 * PAD_Y;

  const totalWeight = block.columns.reduce((sum, c) => sum + Math.max(c.width, 0), 0) || 1;
  const columnX: number[] = [cursor.left];
  for (const column of block.columns) {
    const last = columnX[columnX.length - 1] ?? cursor.left;
    columnX.push(last + (Math.max(column.width, 0) / totalWeight) * cursor.width);
  }

  const header = layoutRow(
    cursor,
    block,
    block.columns.map((c) => c.header),
    columnX,
    size,
    { bold: true, fill: HEADER_FILL, header: true },
    -1,
  );
  const headerHeight = heightOf(header.lineCount);
  const rows = [
    ...block.rows.map((r, i) => layoutRow(cursor, block, r, columnX, size, { bold: false }, i)),
    ...(block.totals ?? []).map((r, i) =>
      layoutRow(cursor, block, r, columnX, size, { bold: true, fill: TOTALS_FILL }, i),
    ),
  ];

  /** Draws lines [from, to) of a row at the cursor and moves below it. */
  const drawSlice = (row: RowLayout, from: number, to: number) => {
    const height = heightOf(to - from);
    const top = cursor.y;
    for (const cell of row.cells) {
      cursor.page.drawRectangle({
        x: cell.x,
        y: top - height,
        width: cell.width,
        height,
        color: row.fill,
        borderColor: RULE,
        borderWidth: 0.5,
      });
      const box = { x: cell.x + PAD_X, width: cell.width - 2 * PAD_X, align: cell.align };
      cell.lines.slice(from, to).forEach((text, i) => {
        cursor.line(text, box, top - PAD_Y - i * step, size, {
          bold: cell.bold,
          lineHeight: TABLE_LINE_HEIGHT,
        });
      });
    }
    cursor.y = top - height;
  };

  const startPage = () => {
    cursor.newPage();
    drawSlice(header, 0, header.lineCount);
  };

  // The header stays with the first row.
  const firstHeight = rows[0] ? heightOf(rows[0].lineCount) : 0;
  cursor.ensure(headerHeight + Math.min(firstHeight, cursor.bodyHeight - headerHeight));
  drawSlice(header, 0, header.lineCount);

  for (const row of rows) {
    const height = heightOf(row.lineCount);
    if (height <= cursor.room) {
      drawSlice(row, 0, row.lineCount);
      continue;
    }
    if (height <= cursor.bodyHeight - headerHeight) {
      startPage();
      drawSlice(row, 0, row.lineCount);
      continue;
    }
    // Taller than a page: as many lines as fit here, the rest on the following pages.
    let from = 0;
    let freshPage = false;
    while (from < row.lineCount) {
      let fit = Math.floor((cursor.room - 2 * PAD_Y) / step);
      if (fit < 1 && !freshPage) {
        startPage();
        freshPage = true;
        continue;
      }
      fit = Math.max(fit, 1); // a header taller than the page still lets the rows through
      freshPage = false;
      const to = Math.min(row.lineCount, from + fit);
      drawSlice(row, from, to);
      from = to;
      if (from < row.lineCount) {
        startPage();
        freshPage = true;
      }
    }
  }
}
