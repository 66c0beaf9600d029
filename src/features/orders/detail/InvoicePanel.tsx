// The order's invoices (发票, settings-messaging-shared §7 invoice log): number,
// state, date, taxed and untaxed amounts, the mailing (always 顺丰) and its progress log, read
// from the synced order row. 打印发票 makes that invoice's document (template 104 with its id) on
// the device, so an order billed in parts can print each of its invoices.
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { StoredOrder } from '../../../data/derive';
import { templateFileName, templateOfKind } from '../../../documents/templates';
import { type InvoiceView, invoiceViews } from '../../../domain/orders/logistics';
import { LOGISTICS_LABELS as L } from '../../../domain/orders/logisticsLabels';
import { useSession } from '../../../platform/session/useSession';
import { DocumentPreview } from '../../documents/DocumentPreview';
import type { DocumentRequest } from '../../documents/renderDocument';
import { DetailFact } from './DetailFact';
import { LogTable } from './LogTable';
import { type MakeOrderDocument, useOrderDocument } from './useOrderDocument';

const INVOICE_TEMPLATE = templateOfKind('invoice');

function PrintInvoice({ invoice, make }: { invoice: InvoiceView; make: MakeOrderDocument | null }) {
  const [request, setRequest] = useState<DocumentRequest | null>(null);
  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPrinter size={14} />}
        disabled={make === null}
        onClick={() => make && setRequest(make(INVOICE_TEMPLATE, { invoiceId: invoice.id }))}
        data-testid="print-invoice"
      >
        {L.PRINT_INVOICE}
      </Button>
      <DocumentPreview
        request={request}
        fileName={templateFileName(INVOICE_TEMPLATE, invoice.number)}
        onClose={() => setRequest(null)}
      />
    </>
  );
}

function InvoiceSection({
  invoice,
  make,
}: {
  invoice: InvoiceView;
  make: MakeOrderDocument | null;
}) {
  const id = `invoice-${invoice.id}`;
  return (
    <Stack gap="xs" data-testid="order-invoice">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {L.INVOICE_NUMBER}
        </Text>
        <Text fw={600} data-testid="order-invoice-number">
          {invoice.number}
        </Text>
        <Badge variant="light" data-testid="order-invoice-state">
          {invoice.state}
        </Badge>
        <PrintInvoice invoice={invoice} make={make} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" verticalSpacing="xs">
        <DetailFact label={L.INVOICE_DATE} testId={`${id}-date`}>
          {invoice.date}
        </DetailFact>
        <DetailFact label={L.TAXED_AMOUNT} testId={`${id}-taxed`}>
          {invoice.taxedAmount}
        </DetailFact>
        <DetailFact label={L.UNTAXED_AMOUNT} testId={`${id}-untaxed`}>
          {invoice.untaxedAmount}
        </DetailFact>
        <DetailFact label={L.DELIVERY_COMPANY} testId={`${id}-company`}>
          {invoice.deliveryCompany}
        </DetailFact>
        <DetailFact label={L.TRACKING_NO} testId={`${id}-tracking`}>
          {invoice.trackingNo}
        </DetailFact>
      </SimpleGrid>
      <Text size="sm" fw={500}>
        {L.INVOICE_LOG}
      </Text>
      <LogTable entries={invoice.logs} testId="order-invoice-log" />
    </Stack>
  );
}

export function InvoicePanel({ order, companyId }: { order: StoredOrder; companyId: number }) {
  const { account } = useSession();
  const make = useOrderDocument(order, companyId);
  const invoices = useMemo(() => invoiceViews(order, account.timezone), [order, account.timezone]);
  return (
    <Paper withBorder p="md" radius="md" data-testid="order-invoices">
      <Title order={4} size="h5" mb="sm">
        {L.INVOICES}
      </Title>
      {invoices.length === 0 ? (
        <Text c="dimmed">{L.NO_INVOICES}</Text>
      ) : (
        <Stack gap="lg">
          {invoices.map((invoice) => (
            <InvoiceSection key={invoice.id} invoice={invoice} make={make} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
