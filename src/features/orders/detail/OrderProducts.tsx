// The order's product table (purchasing-core §2.4): index, model, order number, parameters,
// quantity, tax-inclusive unit and total price (without sign). Model and order number link to the
// product's page on the public website when the product has one. Lines the documents leave out
// (deleted, quoted INVALID / REPLACED) are dimmed with a badge saying why and 不计入单据. On a phone
// the table keeps its columns and scrolls sideways (the one place the app allows it).
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import type { StoredOrder } from '../../../data/derive';
import { productPageUrl } from '../../../domain/catalog/publicLinks';
import {
  EXCLUDED_LINE_NOTE,
  LINE_EXCLUSIONS,
  type LineExclusion,
  lineExclusion,
} from '../../../domain/documents/excludedLines';
import {
  formatOrderLineUnitPrice,
  ORDER_DETAIL_LABELS,
  ORDER_PRODUCT_COLUMNS,
} from '../../../domain/orders/orderDetail';
import { formatOrderLineTotal } from '../../../domain/orders/rules';

type Line = StoredOrder['order_product_list'][number];

const NUMERIC_COLUMNS: ReadonlySet<string> = new Set(['qty', 'unitPrice', 'total']);

function ProductLink({ text, url }: { text: string | null; url: string | null }) {
  if (!text) return null;
  if (url === null) return <>{text}</>;
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer">
      {text}
    </Anchor>
  );
}

function ExcludedMark({ exclusion }: { exclusion: LineExclusion }) {
  return (
    <Group gap={4} mt={2} wrap="nowrap" data-testid="excluded-line">
      <Badge size="xs" color="gray" variant="light">
        {LINE_EXCLUSIONS.label(exclusion)}
      </Badge>
      <Text size="xs" c="dimmed">
        {EXCLUDED_LINE_NOTE}
      </Text>
    </Group>
  );
}

export function OrderProducts({
  lines,
  currency,
  publicWebsite,
}: {
  lines: readonly Line[];
  currency: string | null;
  publicWebsite: string;
}) {
  if (lines.length === 0) return <Text c="dimmed">{ORDER_DETAIL_LABELS.NO_PRODUCTS}</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder verticalSpacing="xs" data-testid="order-products">
        <Table.Thead>
          <Table.Tr>
            {ORDER_PRODUCT_COLUMNS.map(([key, header]) => (
              <Table.Th key={key} ta={NUMERIC_COLUMNS.has(key) ? 'right' : undefined}>
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => {
            const url = productPageUrl(publicWebsite, line.product.url_path);
            const exclusion = lineExclusion(line);
            return (
              <Table.Tr
                key={line.id}
                c={exclusion ? 'dimmed' : undefined}
                data-excluded={exclusion ?? undefined}
              >
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>
                  <ProductLink text={line.product.product_type} url={url} />
                  {exclusion && <ExcludedMark exclusion={exclusion} />}
                </Table.Td>
                <Table.Td>
                  <ProductLink text={line.product.product_article_no} url={url} />
                </Table.Td>
                <Table.Td>{line.product.short_description}</Table.Td>
                <Table.Td ta="right">{line.qty}</Table.Td>
                <Table.Td ta="right">{formatOrderLineUnitPrice(line, currency)}</Table.Td>
                <Table.Td ta="right">{formatOrderLineTotal(line, currency)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
