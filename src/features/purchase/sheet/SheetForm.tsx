// The create form, and a draft's editable part (purchasing-core §2.3 "With no id the page is the
// create form: brand, product lines and payment method", §4.2 "product lines are editable only in
// draft"): every rule of §5 checked before saving; saving goes through the outbox (useSheetSave).
// Save as draft asks first (点击确定, 采购单将保存不发送). Sending a new sheet is its create; a
// saved draft is sent by the server's send inquiry, which needs the network.
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import type { StoredSheet } from '../../../data/derive';
import {
  PAYMENT_METHOD_INFO,
  type PaymentMethod,
  paymentMethodTerms,
} from '../../../domain/finance/paymentMethods';
import { PURCHASING_MESSAGES } from '../../../domain/messages/purchasing';
import type { ActionState } from '../../../domain/purchase/sheetDetail';
import {
  SHEET_PAYMENT_METHOD_CHOICES,
  validateSheetForm,
} from '../../../domain/purchase/sheetForm';
import { SHEET_LABELS } from '../../../domain/purchase/sheetText';
import { BrandField } from '../../catalog/BrandField';
import { useLocalCatalog } from '../../catalog/useLocalCatalog';
import { useConfirm } from '../../common/useConfirm';
import { ProductLinesEditor } from './ProductLinesEditor';
import { emptyForm, formFromSheet, type SheetFormState } from './sheetFormValues';
import { useSheetSave } from './useSheetSave';
import { useTemporaryId } from './useTemporaryId';

const PAYMENT_OPTIONS = SHEET_PAYMENT_METHOD_CHOICES.map((method) => ({
  value: method,
  label: PAYMENT_METHOD_INFO[method].label,
}));

/** Field errors of the domain's check, on the form's paths (the brand field is `brand`). */
function formErrors(values: SheetFormState): Record<string, string> {
  const { brandName, ...rest } = validateSheetForm({
    brandName: values.brand.name,
    lines: values.lines,
  });
  return brandName === undefined ? rest : { ...rest, brand: brandName };
}

export interface DraftSend {
  state: ActionState;
  run(): Promise<void>;
}

/**
 * The form of a draft starts from the row as it is when the form mounts: the page remounts it
 * (a new `key`) when the row changes while the form holds no edits (draftFormKey).
 */
export interface SheetFormProps {
  companyId: number;
  /** The draft being edited; null for the create form. */
  sheet: StoredSheet | null;
  /** The draft's send inquiry (a server call); absent on the create form. */
  send?: DraftSend;
  onDirtyChange?(dirty: boolean): void;
  /** A new sheet was kept: its temporary id. */
  onCreated?(sheetId: number): void;
}

/** Changes whenever the draft row does: its version, its last write, its pending mark. */
export function draftFormKey(sheet: StoredSheet, pending: boolean): string {
  return `${sheet.id}:${sheet.version}:${sheet.write_time}:${pending}`;
}

export function SheetForm({ companyId, sheet, send, onDirtyChange, onCreated }: SheetFormProps) {
  const form = useForm<SheetFormState>({
    mode: 'controlled',
    initialValues: sheet ? formFromSheet(sheet) : emptyForm(),
    validate: formErrors,
  });
  const local = useLocalCatalog(companyId);
  const newBrandId = useTemporaryId();
  const save = useSheetSave(companyId);
  const [confirm, confirmDialog] = useConfirm();
  const [busy, setBusy] = useState(false);
  const dirty = form.isDirty();

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const submit = async (saveToDraft: boolean) => {
    if ((await form.validate()).hasErrors) return;
    if (
      saveToDraft &&
      !(await confirm(PURCHASING_MESSAGES.SAVE_DRAFT_CONFIRM, SHEET_LABELS.SAVE_DRAFT_TITLE))
    ) {
      return;
    }
    setBusy(true);
    const values = form.getValues();
    if (sheet) {
      if (await save.saveDraft(values, sheet)) form.resetDirty(values);
    } else {
      const sheetId = await save.create(values, saveToDraft);
      if (sheetId !== null) {
        form.resetDirty(values);
        onCreated?.(sheetId);
      }
    }
    setBusy(false);
  };

  const { paymentMethod } = form.getValues();
  const terms = paymentMethodTerms(paymentMethod);
  const sendReason = send?.state.disabledReason ?? null;
  return (
    <Stack gap="md">
      {confirmDialog}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <BrandField
            value={form.getValues().brand}
            onChange={(brand) => form.setFieldValue('brand', brand)}
            newBrandId={newBrandId}
            local={local}
            confirm={(message) => confirm(message, SHEET_LABELS.REPLACE_TITLE)}
            error={form.errors.brand?.toString() ?? null}
          />
          <Select
            label={SHEET_LABELS.PAYMENT_METHOD}
            data={PAYMENT_OPTIONS}
            allowDeselect={false}
            value={paymentMethod}
            onChange={(value) => {
              if (value) form.setFieldValue('paymentMethod', value as PaymentMethod);
            }}
            description={terms ?? undefined}
          />
        </Stack>
      </Paper>
      <ProductLinesEditor form={form} companyId={companyId} local={local} confirm={confirm} />
      <Stack gap={4} align="flex-end">
        <Group justify="flex-end">
          <Button variant="default" loading={busy} onClick={() => void submit(true)}>
            {SHEET_LABELS.SAVE_DRAFT}
          </Button>
          {send ? (
            <Button
              disabled={sendReason !== null}
              onClick={() => void send.run()}
              data-testid="send-inquiry"
            >
              {SHEET_LABELS.SEND_INQUIRY}
            </Button>
          ) : (
            <Button loading={busy} onClick={() => void submit(false)} data-testid="send-inquiry">
              {SHEET_LABELS.SEND_INQUIRY}
            </Button>
          )}
        </Group>
        {sendReason && (
          <Text size="sm" c="dimmed" data-testid="send-inquiry-reason">
            {sendReason}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
