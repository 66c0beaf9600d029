// The order's logistics (物流): each box with its type, state, delivery company,
// tracking number, weights, lines and express-tracking log, read from the synced order row; and
// 打印标签, which previews and downloads the box labels (template 105) made on the device.
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { StoredOrder } from '../../../data/derive';
import { templateFileName, templateOfKind } from '../../../documents/templates';
import { EXCLUDED_LINE_NOTE, LINE_EXCLUSIONS } from '../../../domain/documents/excludedLines';
import { type BoxView, boxViews } from '../../../domain/orders/logistics';
import { LOGISTICS_LABELS as L } from '../../../domain/orders/logisticsLabels';
import { useSession } from '../../../platform/session/useSession';
import { DocumentPreview } from '../../documents/DocumentPreview';
import type { DocumentRequest } from '../../documents/renderDocument';
import { DetailFact } from './DetailFact';
import { LogTable } from './LogTable';
import { useOrderDocument } from './useOrderDocument';

function BoxLines({ box }: { box: BoxView }) {
  return (
    <Table withTableBorder verticalSpacing={4} fz="sm" data-testid="logistics-box-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{L.PRODUCT}</Table.Th>
          <Table.Th ta="right">{L.QTY}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {box.lines.map((line) => (
          <Table.Tr key={line.id} opacity={line.exclusion ? 0.55 : undefined}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {line.product}
              {line.exclusion && (
                <Text span size="xs" c="dimmed" ml="xs">
                  {LINE_EXCLUSIONS.label(line.exclusion)}，{EXCLUDED_LINE_NOTE}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right">{line.qty}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function BoxSection({ box }: { box: BoxView }) {
  const id = `box-${box.id}`;
  return (
    <Stack gap="xs" data-testid="logistics-box">
      <Group gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="logistics-box-name">
          {box.name}
        </Text>
        <Badge variant="outline" color="gray">
          {box.type}
        </Badge>
        <Badge variant="light" data-testid="logistics-box-state">
          {box.state}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" verticalSpacing="xs">
        <DetailFact label={L.DELIVERY_COMPANY} testId={`${id}-company`}>
          {box.deliveryCompany}
        </DetailFact>
        <DetailFact label={L.TRACKING_NO} testId={`${id}-tracking`}>
          {box.trackingNo}
        </DetailFact>
        <DetailFact label={L.GROSS_WEIGHT} testId={`${id}-gross`}>
          {box.grossWeight}
        </DetailFact>
        <DetailFact label={L.NET_WEIGHT} testId={`${id}-net`}>
          {box.netWeight}
        </DetailFact>
        {box.extraWeight && (
          <DetailFact label={L.EXTRA_WEIGHT} testId={`${id}-extra`}>
            {box.extraWeight}
          </DetailFact>
        )}
      </SimpleGrid>
      <BoxLines box={box} />
      <Text size="sm" fw={500}>
        {L.TRACKING_LOG}
      </Text>
      <LogTable entries={box.logs} testId="logistics-box-log" />
    </Stack>
  );
}

function PrintLabels({ order, companyId }: { order: StoredOrder; companyId: number }) {
  const make = useOrderDocument(order, companyId);
  const [request, setRequest] = useState<DocumentRequest | null>(null);
  const empty = (order.logistics ?? []).length === 0;
  const template = templateOfKind('boxLabels');
  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPrinter size={14} />}
        disabled={empty || make === null}
        // Without boxes the panel says so (暂无物流信息); the button names the reason too.
        title={empty ? L.PRINT_LABELS_DISABLED : undefined}
        aria-describedby={empty ? NO_LOGISTICS_ID : undefined}
        onClick={() => make && setRequest(make(template))}
        data-testid="print-labels"
      >
        {L.PRINT_LABELS}
      </Button>
      <DocumentPreview
        request={request}
        fileName={templateFileName(template, order.name)}
        onClose={() => setRequest(null)}
      />
    </>
  );
}

const NO_LOGISTICS_ID = 'order-logistics-empty';

export function LogisticsPanel({ order, companyId }: { order: StoredOrder; companyId: number }) {
  const { account } = useSession();
  const boxes = useMemo(() => boxViews(order, account.timezone), [order, account.timezone]);
  return (
    <Paper withBorder p="md" radius="md" data-testid="order-logistics">
      <Group justify="space-between" gap="sm" mb="sm">
        <Title order={4} size="h5">
          {L.LOGISTICS}
        </Title>
        <PrintLabels order={order} companyId={companyId} />
      </Group>
      {boxes.length === 0 ? (
        <Text c="dimmed" id={NO_LOGISTICS_ID}>
          {L.NO_LOGISTICS}
        </Text>
      ) : (
        <Stack gap="lg">
          {boxes.map((box) => (
            <BoxSection key={box.id} box={box} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
