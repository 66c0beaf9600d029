// The page cursor every block draws through: the page geometry (A4, or a spec's own format such
// as a label), the current page and the y position (PDF points from the bottom edge), page breaks,
// and text measured and drawn with the embedded fonts. Widths are cached per font and token:
// wrapping measures each token once.

import { type PDFDocument, type PDFFont, type PDFPage, type RGB, rgb } from 'pdf-lib';
import { type Align, type DocumentSpec, DocumentSpecError } from '../spec';
import { type Measure, wrapText } from './lineBreak';

/** A4 in PDF points (1/72 inch), portrait. */
export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = { top: 42, right: 42, bottom: 50, left: 42 } as const;
/** Baseline of the page numbers, from the bottom edge. */
export const FOOTER_BASELINE = 24;
const POINTS_PER_MM = 72 / 25.4;

/** Page size and margins in PDF points; `pageNumbers` says whether a footer is printed. */
export interface PageGeometry {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  pageNumbers: boolean;
}

/** The spec's page format, else A4 in its orientation (the A4 numbers are those of old). */
export function pageGeometry(spec: Pick<DocumentSpec, 'orientation' | 'page'>): PageGeometry {
  const format = spec.page;
  if (!format) {
    const portrait = spec.orientation === 'portrait';
    return {
      width: portrait ? A4.width : A4.height,
      height: portrait ? A4.height : A4.width,
      margin: MARGIN,
      pageNumbers: true,
    };
  }
  const { widthMm, heightMm, marginMm } = format;
  if (
    ![widthMm, heightMm, marginMm].every(Number.isFinite) ||
    marginMm < 0 ||
    Math.min(widthMm, heightMm) <= 4 * marginMm
  ) {
    throw new DocumentSpecError(`页面尺寸无效：${widthMm} × ${heightMm} mm，边距 ${marginMm} mm`);
  }
  const pt = (mm: number) => Math.round(mm * POINTS_PER_MM * 100) / 100;
  const margin = pt(marginMm);
  return {
    width: pt(widthMm),
    height: pt(heightMm),
    margin: { top: margin, right: margin, bottom: margin, left: margin },
    pageNumbers: format.pageNumbers,
  };
}

export const INK = rgb(0, 0, 0);
export const RULE = rgb(0.55, 0.55, 0.55);
export const HEADER_FILL = rgb(0.9, 0.9, 0.9);
export const TOTALS_FILL = rgb(0.96, 0.96, 0.96);
export const TAG_INK = rgb(0.7, 0.1, 0.1);

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Line height as a multiple of the font size. */
export const LINE_HEIGHT = 1.45;
/** Noto Sans SC's ascent (0.88 em) below the top of a line's text box. */
const ASCENT = 0.88;

export class PageCursor {
  readonly pages: PDFPage[] = [];
  readonly left: number;
  readonly width: number;
  readonly pageWidth: number;
  private readonly top: number;
  private readonly topMargin: number;
  private readonly bottom: number;
  private current: PDFPage | null = null;
  /** Top of the free space on the current page. */
  y = 0;
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: PdfFonts,
    geometry: PageGeometry,
  ) {
    const { width: w, height: h, margin } = geometry;
    this.left = margin.left;
    this.bottom = margin.bottom;
    this.topMargin = margin.top;
    this.pageWidth = w;
    this.top = h - margin.top;
    this.width = w - margin.left - margin.right;
  }

  get page(): PDFPage {
    if (!this.current) return this.newPage();
    return this.current;
  }

  newPage(): PDFPage {
    const page = this.doc.addPage([this.pageWidth, this.top + this.topMargin]);
    this.pages.push(page);
    this.current = page;
    this.y = this.top;
    return page;
  }

  /** Height of a whole page's writing area. */
  get bodyHeight(): number {
    return this.top - this.bottom;
  }

  /** Free height left on the current page. */
  get room(): number {
    return this.current ? this.y - this.bottom : this.bodyHeight;
  }

  get atPageTop(): boolean {
    return this.current === null || this.y === this.top;
  }

  /** Starts a new page unless `height` fits here (or this page is still empty). */
  ensure(height: number): void {
    if (this.current === null) this.newPage();
    else if (height > this.room && !this.atPageTop) this.newPage();
  }

  font(bold = false): PDFFont {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  /** Width of `text` at `size`; tokens are measured at 1 pt once and scaled. */
  measure(size: number, bold = false): Measure {
    const font = this.font(bold);
    let cache = this.widths.get(font);
    if (!cache) {
      cache = new Map();
      this.widths.set(font, cache);
    }
    const known = cache;
    return (text) => {
      let unit = known.get(text);
      if (unit === undefined) {
        unit = font.widthOfTextAtSize(text, 1);
        known.set(text, unit);
      }
      return unit * size;
    };
  }

  wrap(text: string, maxWidth: number, size: number, bold = false): string[] {
    return wrapText(text, maxWidth, this.measure(size, bold));
  }

  /** Draws one line whose text box starts `lineTop` (points from the bottom), aligned in a box. */
  line(
    text: string,
    box: { x: number; width: number; align?: Align },
    lineTop: number,
    size: number,
    options: { bold?: boolean; color?: RGB; lineHeight?: number } = {},
  ): void {
    if (text === '') return;
    const lineHeight = options.lineHeight ?? LINE_HEIGHT;
    const font = this.font(options.bold);
    const textWidth = font.widthOfTextAtSize(text, size);
    const x =
      box.align === 'right'
        ? box.x + box.width - textWidth
        : box.align === 'center'
          ? box.x + (box.width - textWidth) / 2
          : box.x;
    const baseline = lineTop - ((lineHeight - 1) / 2) * size - ASCENT * size;
    this.page.drawText(text, { x, y: baseline, size, font, color: options.color ?? INK });
  }

  /** Draws wrapped lines from `top` down; returns their height. */
  lines(
    lines: readonly string[],
    box: { x: number; width: number; align?: Align },
    top: number,
    size: number,
    options: { bold?: boolean; color?: RGB; lineHeight?: number } = {},
  ): number {
    const step = (options.lineHeight ?? LINE_HEIGHT) * size;
    lines.forEach((text, i) => {
      this.line(text, box, top - i * step, size, options);
    });
    return lines.length * step;
  }

  rule(x1: number, x2: number, y: number, thickness = 0.5, color: RGB = RULE): void {
    this.page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness, color });
  }
}
