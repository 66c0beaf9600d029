// An export table as an .xlsx workbook (write-excel-file, docs/decisions.md "List export"): bold
// headers in a frozen first row, the screen's column widths, amounts as numbers in their
// currency's format, times as spreadsheet dates in the user's wall clock.
import writeExcelFile, { type Cell, type SheetData } from 'write-excel-file/universal';
import {
  EXCEL_DATE_FORMAT,
  EXCEL_DATE_TIME_FORMAT,
  type ExportCell,
  type ExportTable,
  excelMoneyFormat,
} from '../../domain/export/exportTable';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function xlsxCell(cell: ExportCell): Cell {
  if (cell === null) return null;
  switch (cell.kind) {
    case 'text':
      return { value: cell.text, type: String };
    case 'number':
      return { value: cell.value, type: Number };
    case 'money':
      return { value: cell.value, type: Number, format: excelMoneyFormat(cell.currency) };
    case 'date':
      return { value: new Date(cell.wallClockMs), type: Date, format: EXCEL_DATE_FORMAT };
    case 'dateTime':
      return { value: new Date(cell.wallClockMs), type: Date, format: EXCEL_DATE_TIME_FORMAT };
  }
}

export function xlsxBlob(table: ExportTable): Promise<Blob> {
  const data: SheetData = [
    table.headers.map((header) => ({ value: header, type: String, fontWeight: 'bold' })),
    ...table.rows.map((row) => row.map(xlsxCell)),
  ];
  return writeExcelFile(data, {
    sheet: table.sheet,
    columns: table.widths.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBlob();
}
