// The document model every printable document is written in. A definition turns synced
// rows into a DocumentSpec; `renderPdf` (pdf/render.ts) lays it out on A4 pages, or on the page
// format the spec names (a box label). The model is layout-agnostic: it says what to show, never
// where, so the same spec renders to the same bytes in the browser and on the server. Every text
// is final (formatted amounts, dates, labels): the renderer adds no words of its own except the
// page numbers "第 x / n 页".

export type Align = 'left' | 'center' | 'right';

/** A spec the renderer cannot lay out (a bad date, a table row of the wrong width): a message. */
export class DocumentSpecError extends Error {
  override name = 'DocumentSpecError';
}

export interface DocumentSpec {
  /** Download name, e.g. '采购合同-PO2025001.pdf'. */
  fileName: string;
  /** PDF metadata title (shown in the viewer's title bar). */
  title: string;
  /**
   * ISO 8601 instant the document's data dates from (e.g. the order's update time). The PDF's
   * creation and modification dates come from it, never from the clock, so the bytes repeat.
   */
  createdAt: string;
  orientation: 'portrait' | 'landscape';
  /** A page format other than A4 (a label); A4 in `orientation` when absent. */
  page?: PageFormat;
  blocks: Block[];
}

/** A page format in millimetres, for documents printed on something other than A4. */
export interface PageFormat {
  widthMm: number;
  heightMm: number;
  /** The same margin on every side. */
  marginMm: number;
  /** Print "第 x / n 页" at the foot of each page (A4 documents always do). */
  pageNumbers: boolean;
}

/** A 100 × 150 mm shipping label (the common thermal label size). */
export const LABEL_100X150: PageFormat = {
  widthMm: 100,
  heightMm: 150,
  marginMm: 6,
  pageNumbers: false,
};

export type Block =
  | HeadingBlock
  | ParagraphBlock
  | FieldsBlock
  | PartiesBlock
  | TableBlock
  | TagBlock
  | SpacerBlock
  | SignatureBlock
  | PageBreakBlock;

/** Level 1: the document title (16 pt bold, centred by default); level 2: a section (12 pt bold). */
export interface HeadingBlock {
  kind: 'heading';
  text: string;
  level?: 1 | 2;
  align?: Align;
}

/** Wrapped text; '\n' starts a new line. Default 10 pt regular, left. May run over pages. */
export interface ParagraphBlock {
  kind: 'paragraph';
  text: string;
  align?: Align;
  bold?: boolean;
  /** Font size in pt (6–24). */
  size?: number;
}

/**
 * Label–value pairs (合同编号 PO…), filled row by row into 1 or 2 columns. Labels are shown as
 * given: the definition writes the colon it wants ('合同编号：' or 'Datum:').
 */
export interface FieldsBlock {
  kind: 'fields';
  columns?: 1 | 2;
  fields: Field[];
}

export interface Field {
  label: string;
  value: string;
}

/** Party blocks side by side (甲方 / 乙方), each a title and label–value lines. Never split. */
export interface PartiesBlock {
  kind: 'parties';
  parties: Party[];
}

export interface Party {
  /** e.g. '甲方（买方）'. */
  title: string;
  lines: Field[];
}

/**
 * A table. The header row repeats at the top of every page the table runs onto; a row moves to
 * the next page whole, unless it is taller than a page on its own. Totals follow the rows in bold.
 */
export interface TableBlock {
  kind: 'table';
  columns: TableColumn[];
  rows: TableCell[][];
  totals?: TableCell[][];
  /** Font size in pt; default 8.5. */
  size?: number;
}

export interface TableColumn {
  header: string;
  /** Relative width: widths are shared out in proportion over the table's full width. */
  width: number;
  align?: Align;
}

/**
 * A cell is its text, or an object for a cell spanning several columns (a totals label over the
 * first four columns) or aligned unlike its column. A row's spans must add up to the columns.
 */
export type TableCell = string | { text: string; span?: number; align?: Align; bold?: boolean };

/** A small framed label on its own line, e.g. the non-EU tag (非欧盟). */
export interface TagBlock {
  kind: 'tag';
  text: string;
  align?: Align;
}

/** Vertical space in pt. */
export interface SpacerBlock {
  kind: 'spacer';
  height: number;
}

/**
 * Signature areas side by side: the party's title, optional lines (company name), then a
 * signature line and a date line with the given labels. Never split.
 */
export interface SignatureBlock {
  kind: 'signatures';
  parties: SignatureParty[];
}

export interface SignatureParty {
  title: string;
  lines?: string[];
  /** Default '签字（盖章）：'. */
  signLabel?: string;
  /** Default '日期：'. */
  dateLabel?: string;
}

export interface PageBreakBlock {
  kind: 'pageBreak';
}
