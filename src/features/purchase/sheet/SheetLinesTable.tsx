// The product table of a sheet past its draft (purchasing-core §2.3, §3, §4.2): model, order
// number, parameters, quantity, attachments, quote state (with the supplier's comment), shipment
// period in weeks, validity (marked when it ended 180+ days ago in a quoted state), and the quoted
// prices only in the states that show them. A wide table: on a phone it scrolls sideways.
import { Stack, Table, Text } from '@mantine/core';
import type { StoredSheet } from '../../../data/derive';
import { PRODUCT_QUOTE_STATES } from '../../../domain/catalog/productLabels';
import { formatDate } from '../../../domain/format/date';
import { formatMoney } from '../../../domain/format/money';
import { formatShipmentWeeks } from '../../../domain/format/shipment';
import { showsQuotePrices, validityWarning } from '../../../domain/purchase/rules';
import { linePrice } from '../../../domain/purchase/sheetDetail';
import { SHEET_LABELS } from '../../../domain/purchase/sheetText';
import { AttachmentLink } from './AttachmentLink';
import { attachmentRefs } from './sheetFormValues';

export interface SheetLinesTableProps {
  sheet: StoredSheet;
  companyId: number;
  timeZone: string;
  now: number;
}

export function SheetLinesTable({ sheet, companyId, timeZone, now }: SheetLinesTableProps) {
  const prices = showsQuotePrices(sheet.state);
  const currency = sheet.supplier_node.currency;
  return (
    <Stack gap="xs">
      <Text fw={600}>{SHEET_LABELS.PRODUCTS}</Text>
      <Table.ScrollContainer minWidth={prices ? 1100 : 900}>
        <Table withTableBorder striped verticalSpacing="xs" data-testid="sheet-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{SHEET_LABELS.INDEX}</Table.Th>
              <Table.Th>{SHEET_LABELS.MODEL}</Table.Th>
              <Table.Th>{SHEET_LABELS.ARTICLE_NO}</Table.Th>
              <Table.Th>{SHEET_LABELS.PARAMETERS}</Table.Th>
              <Table.Th>{SHEET_LABELS.QUANTITY}</Table.Th>
              <Table.Th>{SHEET_LABELS.ATTACHMENTS}</Table.Th>
              <Table.Th>{SHEET_LABELS.QUOTE_STATE}</Table.Th>
              <Table.Th>{SHEET_LABELS.SHIPMENT_PERIOD}</Table.Th>
              <Table.Th>{SHEET_LABELS.VALIDITY}</Table.Th>
              {prices && <Table.Th>{SHEET_LABELS.UNIT_PRICE}</Table.Th>}
              {prices && <Table.Th>{SHEET_LABELS.LINE_TOTAL}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sheet.inquiry_product_list.map((line, index) => {
              const price = linePrice(sheet, line.id);
              const stale = validityWarning(sheet.state, [line], now);
              const files = attachmentRefs(line.attachments);
              return (
                <Table.Tr
                  key={line.id}
                  data-testid="sheet-line"
                  data-quote-state={line.quote_state}
                >
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{line.product_type ?? ''}</Table.Td>
                  <Table.Td>{line.product_article_no ?? ''}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>
                    {line.short_description ?? ''}
                  </Table.Td>
                  <Table.Td>{line.qty}</Table.Td>
                  <Table.Td>
                    {files.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {SHEET_LABELS.NO_ATTACHMENTS}
                      </Text>
                    ) : (
                      <Stack gap={2}>
                        {files.map((file) => (
                          <AttachmentLink
                            key={file.objectName ?? file.clientFileId ?? file.name}
                            companyId={companyId}
                            file={file}
                          />
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {PRODUCT_QUOTE_STATES.label(line.quote_state)}
                    {line.product.quote_comment && (
                      <Text size="xs" c="dimmed">
                        {line.product.quote_comment}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatShipmentWeeks(line.shipment_period)}</Table.Td>
                  <Table.Td c={stale ? 'red' : undefined} data-stale={stale}>
                    {line.product.validity_end_date
                      ? formatDate(line.product.validity_end_date, timeZone)
                      : '—'}
                  </Table.Td>
                  {price && <Table.Td>{formatMoney(price.unit, currency)}</Table.Td>}
                  {price && <Table.Td>{formatMoney(price.total, currency)}</Table.Td>}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
