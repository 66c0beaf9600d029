// An export table as an .xlsx workbook (Office Open XML SpreadsheetML, ECMA-376): one sheet, bold
// headers in a frozen first row, the screen's column widths, strings in a shared table, amounts as
// numbers in their currency's format, times as spreadsheet dates (serial days) at the user's wall
// clock. The parts are zipped with fflate's synchronous zip: it runs in the export worker already,
// and fflate's asynchronous zip starts workers from blob URLs, which the app's CSP refuses (the
// reason write-excel-file is not used: docs/decisions.md "Export to Excel and CSV").
import { strToU8, zipSync } from 'fflate';
import {
  EXCEL_DATE_FORMAT,
  EXCEL_DATE_TIME_FORMAT,
  type ExportCell,
  type ExportTable,
  excelMoneyFormat,
} from '../../domain/export/exportTable';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** Days from 1899-12-30 (Excel's day 0, counting its 1900 leap-year bug) to 1970-01-01. */
const EPOCH_SERIAL = 25569;
const DAY_MS = 86_400_000;
/** The first id of a custom number format (0–163 are Excel's own). */
const FIRST_CUSTOM_FORMAT = 164;

// Characters XML 1.0 cannot hold (C0 controls but tab, LF, CR; U+FFFE, U+FFFF): dropped.
function xmlText(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
      code === 0xfffe ||
      code === 0xffff
    )
      continue;
    if (char === '&') out += '&amp;';
    else if (char === '<') out += '&lt;';
    else if (char === '>') out += '&gt;';
    else if (char === '"') out += '&quot;';
    else out += char;
  }
  return out;
}

/** A, B, …, Z, AA, AB, … for a 0-based column. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** The cell formats (`cellXfs`) the sheet uses: 0 plain, 1 bold, 2 date, 3 date-time, then money. */
class Styles {
  private readonly money = new Map<string, number>();
  readonly BOLD = 1;
  readonly DATE = 2;
  readonly DATE_TIME = 3;

  moneyStyle(currency: string): number {
    const format = excelMoneyFormat(currency);
    let style = this.money.get(format);
    if (style === undefined) {
      style = 4 + this.money.size;
      this.money.set(format, style);
    }
    return style;
  }

  xml(): string {
    const custom = [EXCEL_DATE_FORMAT, EXCEL_DATE_TIME_FORMAT, ...this.money.keys()];
    const formats = custom
      .map(
        (code, i) =>
          `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT + i}" formatCode="${xmlText(code)}"/>`,
      )
      .join('');
    const xf = (format: number, font: number) =>
      `<xf numFmtId="${format}" fontId="${font}" fillId="0" borderId="0" xfId="0"${
        format ? ' applyNumberFormat="1"' : ''
      }${font ? ' applyFont="1"' : ''}/>`;
    const xfs = [
      xf(0, 0),
      xf(0, 1),
      xf(FIRST_CUSTOM_FORMAT, 0),
      xf(FIRST_CUSTOM_FORMAT + 1, 0),
      ...[...this.money.keys()].map((_, i) => xf(FIRST_CUSTOM_FORMAT + 2 + i, 0)),
    ];
    return (
      `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
      `<numFmts count="${custom.length}">${formats}</numFmts>` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>' +
      '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
      '<fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    );
  }
}

/** Strings are written once, in `sharedStrings.xml`; a cell names its index. */
class SharedStrings {
  private readonly index = new Map<string, number>();
  private uses = 0;

  of(text: string): number {
    this.uses += 1;
    let at = this.index.get(text);
    if (at === undefined) {
      at = this.index.size;
      this.index.set(text, at);
    }
    return at;
  }

  xml(): string {
    const items = [...this.index.keys()].map((text) => {
      const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
      return `<si><t${space}>${xmlText(text)}</t></si>`;
    });
    return (
      `${XML_HEAD}<sst xmlns="${MAIN_NS}" count="${this.uses}" uniqueCount="${items.length}">` +
      `${items.join('')}</sst>`
    );
  }
}

function cellXml(ref: string, cell: ExportCell, styles: Styles, strings: SharedStrings): string {
  if (cell === null) return '';
  switch (cell.kind) {
    case 'text':
      return `<c r="${ref}" t="s"><v>${strings.of(cell.text)}</v></c>`;
    case 'number':
      return `<c r="${ref}"><v>${cell.value}</v></c>`;
    case 'money':
      return `<c r="${ref}" s="${styles.moneyStyle(cell.currency)}"><v>${cell.value}</v></c>`;
    case 'date':
    case 'dateTime': {
      const serial = cell.wallClockMs / DAY_MS + EPOCH_SERIAL;
      const style = cell.kind === 'date' ? styles.DATE : styles.DATE_TIME;
      return `<c r="${ref}" s="${style}"><v>${serial}</v></c>`;
    }
  }
}

function sheetXml(table: ExportTable, styles: Styles, strings: SharedStrings): string {
  const names = table.headers.map((_, i) => columnName(i));
  const header = table.headers
    .map((text, i) => `<c r="${names[i]}1" s="${styles.BOLD}" t="s"><v>${strings.of(text)}</v></c>`)
    .join('');
  const rows = table.rows.map((row, r) => {
    const n = r + 2;
    return `<row r="${n}">${row.map((cell, i) => cellXml(`${names[i]}${n}`, cell, styles, strings)).join('')}</row>`;
  });
  const cols = table.widths
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    `<sheetData><row r="1">${header}</row>${rows.join('')}</sheetData>` +
    '</worksheet>'
  );
}

/** The workbook's bytes. */
export function xlsxBytes(table: ExportTable): Uint8Array {
  const styles = new Styles();
  const strings = new SharedStrings();
  // The sheet first: it registers the strings and money formats the other parts list.
  const sheet = sheetXml(table, styles, strings);
  const files: Record<string, string> = {
    '[Content_Types].xml':
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
      `<Relationship Id="rId1" Type="${DOC_TYPE}/officeDocument" Target="xl/workbook.xml"/>` +
      '</Relationships>',
    'xl/workbook.xml':
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
      `<sheets><sheet name="${xmlText(table.sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
      `<Relationship Id="rId1" Type="${DOC_TYPE}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${DOC_TYPE}/styles" Target="styles.xml"/>` +
      `<Relationship Id="rId3" Type="${DOC_TYPE}/sharedStrings" Target="sharedStrings.xml"/>` +
      '</Relationships>',
    'xl/worksheets/sheet1.xml': sheet,
    'xl/styles.xml': styles.xml(),
    'xl/sharedStrings.xml': strings.xml(),
  };
  return zipSync(
    Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])),
    { level: 6 },
  );
}

export function xlsxBlob(table: ExportTable): Blob {
  return new Blob([xlsxBytes(table) as Uint8Array<ArrayBuffer>], { type: XLSX_TYPE });
}
