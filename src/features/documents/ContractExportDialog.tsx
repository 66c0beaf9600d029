// The contract-export dialog (settings-messaging-shared §2 "Printable documents and report
// export", §5 "Contract export"): before 采购合同 is made, the buyer company's default shipping
// address and invoice info are checked item by item (公司默认收货地址：地址未填写！ …), and the
// first payment is typed, between 30% of the total and the total with at most 2 decimals. Then
// 预览 opens the preview and 下载 saves the PDF. Reads the synced rows only, so it works offline;
// the server's generate route runs the same checks (src/domain/documents/contractExport.ts).
import { Alert, Button, Group, List, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { contractFigures } from '../../documents/definitions/contract';
import { roundTo } from '../../domain/documents/amounts';
import {
  contractExportProblems,
  contractPartiesOf,
  firstPaymentBounds,
  validateFirstPayment,
} from '../../domain/documents/contractExport';
import { paymentMethodLabel } from '../../domain/finance/paymentMethods';
import { formatMoney } from '../../domain/format/money';
import { AppButton } from '../../platform/AppLink';
import { useSession } from '../../platform/session/useSession';
import { NumberInput } from '../common/NumberInput';
import { DOCUMENT_TEXT, firstPaymentHint } from './documentText';
import { DocumentError, makeDocument } from './makeDocument';
import type { DocumentRequest } from './renderDocument';
import { savePdf } from './saveFile';

export type ContractRequest = Extract<DocumentRequest, { module: 'ORDER' }>;

interface ContractExportDialogProps {
  /** The contract to export; null keeps the dialog closed. */
  request: ContractRequest | null;
  /** 预览: the request with the typed first payment. */
  onPreview(request: ContractRequest): void;
  onClose(): void;
}

/** The first payment the field starts with: the contract's own, moved into the allowed range. */
function initialFirstPayment(request: ContractRequest): string {
  const figures = contractFigures(request.input);
  const { min, max } = firstPaymentBounds(figures.total);
  return Math.min(max, Math.max(min, figures.firstPayment)).toFixed(2);
}

function CompanyProblems({ problems, synced }: { problems: string[]; synced: boolean }) {
  const { isAdmin } = useSession();
  return (
    <Alert color="red" role="alert" data-testid="contract-problems">
      {synced ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{DOCUMENT_TEXT.COMPLETE_COMPANY}</Text>
          <List size="sm" spacing={2}>
            {problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
          {isAdmin ? (
            <AppButton href="/user/company-setting" size="xs" variant="light">
              {DOCUMENT_TEXT.GO_TO_SETTINGS}
            </AppButton>
          ) : (
            <Text size="sm">{DOCUMENT_TEXT.ASK_ADMIN}</Text>
          )}
        </Stack>
      ) : (
        <Text size="sm">{DOCUMENT_TEXT.COMPANY_NOT_SYNCED}</Text>
      )}
    </Alert>
  );
}

function ContractExportForm({
  request,
  onPreview,
  onClose,
}: ContractExportDialogProps & { request: ContractRequest }) {
  const figures = useMemo(() => contractFigures(request.input), [request]);
  const partyA = request.input.partyA;
  const problems = useMemo(() => contractExportProblems(contractPartiesOf(partyA)), [partyA]);
  const [firstPayment, setFirstPayment] = useState(() => initialFirstPayment(request));
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A download still being made when the dialog closes is dropped, not saved later.
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);
  const { min, max } = firstPaymentBounds(figures.total);
  const paymentError = validateFirstPayment(firstPayment, figures.total);
  const blocked = problems.length > 0 || partyA === null;

  /** The request with the typed first payment; null (and the message shown) when it is refused. */
  const confirmed = (): ContractRequest | null => {
    setChecked(true);
    if (blocked || paymentError) return null;
    const input = { ...request.input, firstPaymentAmount: Number(firstPayment) };
    return { ...request, input };
  };
  const preview = () => {
    const next = confirmed();
    if (next) onPreview(next);
  };
  const download = async () => {
    const next = confirmed();
    if (!next) return;
    setSaving(true);
    setFailure(null);
    try {
      const made = await makeDocument(next);
      if (!open.current) return;
      savePdf(made.bytes, made.fileName);
      onClose();
    } catch (error) {
      if (open.current) {
        setFailure(error instanceof DocumentError ? error.message : DOCUMENT_TEXT.FAILED);
      }
    } finally {
      if (open.current) setSaving(false);
    }
  };
  const last = paymentError ? null : roundTo(figures.total - Number(firstPayment));

  return (
    <Stack gap="sm">
      {blocked && <CompanyProblems problems={problems} synced={partyA !== null} />}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
        <Text size="sm">
          {DOCUMENT_TEXT.CONTRACT_TOTAL}：
          <Text span fw={600} data-testid="contract-total">
            {formatMoney(figures.total, figures.currency)}
          </Text>
        </Text>
        <Text size="sm">
          {DOCUMENT_TEXT.PAYMENT_METHOD}：{paymentMethodLabel(figures.paymentMethod) || '待确认'}
        </Text>
      </SimpleGrid>
      <NumberInput
        label={DOCUMENT_TEXT.FIRST_PAYMENT}
        withAsterisk
        value={firstPayment}
        onChange={(value) => {
          setFirstPayment(value);
          setFailure(null);
        }}
        onBlur={() => setChecked(true)}
        description={firstPaymentHint(min.toFixed(2), max.toFixed(2))}
        error={checked ? paymentError : null}
        rightSection={<Text size="xs">{figures.currency}</Text>}
        rightSectionWidth={48}
        disabled={blocked}
        data-testid="contract-first-payment"
      />
      {last !== null && (
        <Text size="sm" c="dimmed" data-testid="contract-last-payment">
          {DOCUMENT_TEXT.LAST_PAYMENT}：{formatMoney(last, figures.currency)}
        </Text>
      )}
      {failure && (
        <Alert color="red" role="alert" data-testid="contract-export-error">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {DOCUMENT_TEXT.CANCEL}
        </Button>
        <Button variant="light" onClick={preview} disabled={blocked || saving}>
          {DOCUMENT_TEXT.PREVIEW}
        </Button>
        <Button onClick={download} disabled={blocked} loading={saving}>
          {DOCUMENT_TEXT.DOWNLOAD}
        </Button>
      </Group>
    </Stack>
  );
}

export function ContractExportDialog({ request, onPreview, onClose }: ContractExportDialogProps) {
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={DOCUMENT_TEXT.CONTRACT_TITLE}
      size="md"
      closeButtonProps={{ 'aria-label': DOCUMENT_TEXT.CLOSE }}
      data-testid="contract-export-dialog"
    >
      {request && (
        // A fresh form for each contract: its first payment starts from that order's.
        <ContractExportForm
          key={request.input.now}
          request={request}
          onPreview={onPreview}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
