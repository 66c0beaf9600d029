// Invoice info (settings-messaging-shared §2, §3 "Invoice info", §5 "Company settings"): tax
// code and bank always; bank account, invoice address and phone and the mailing address only
// when the company's country (as the server holds it) is CN. Changing the mailing country clears
// province, city, district and street; a new province clears the city (and the district, which
// belongs to the city).
import { SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  type InvoiceForm,
  setMailingLevel,
  showsCnInvoiceFields,
  validateInvoiceForm,
} from '../../../domain/company/invoice';
import { COMPANY_SETTINGS_LABELS as L } from '../../../domain/company/settingsMessages';
import { type RegionLevel, RegionSelect } from '../../common/RegionSelect';
import { REGION_LABELS, type SectionProps, SettingsSection } from './SettingsSection';
import { invoiceBody, invoiceFormOf } from './settingsForms';

export function InvoiceSection({ company, actions, readOnly }: SectionProps) {
  const cn = showsCnInvoiceFields(company.country);
  const form = useForm<InvoiceForm>({
    mode: 'controlled',
    initialValues: invoiceFormOf(company),
    validate: (values) => validateInvoiceForm(values, company.country),
  });
  const [busy, setBusy] = useState(false);
  const values = form.getValues();

  const changeLevel = (level: RegionLevel, next: string) => {
    let updated = setMailingLevel(form.getValues(), level, next);
    if ((level === 'province' || level === 'city') && updated !== form.getValues()) {
      updated = { ...updated, district: '' };
    }
    form.setValues(updated);
  };

  const submit = async () => {
    if (form.validate().hasErrors) return;
    setBusy(true);
    const draft = form.getValues();
    const invoiceId = company.invoice?.id ?? null;
    if (await actions.saveInvoice(invoiceId, invoiceBody(draft, cn))) form.resetDirty(draft);
    setBusy(false);
  };

  const error = (field: keyof InvoiceForm) => form.errors[field]?.toString();
  return (
    <SettingsSection
      id="company-invoice"
      title={L.INVOICE}
      readOnly={readOnly}
      dirty={form.isDirty()}
      busy={busy}
      onSubmit={() => void submit()}
      onReset={() => form.reset()}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={L.TAX_CODE} withAsterisk {...form.getInputProps('tax_code')} />
        <TextInput label={L.BANK_NAME} withAsterisk {...form.getInputProps('invoice_bank_name')} />
        {cn && (
          <>
            <TextInput
              label={L.BANK_ACCOUNT}
              withAsterisk
              {...form.getInputProps('invoice_bank_account')}
            />
            <TextInput label={L.INVOICE_ADDRESS} {...form.getInputProps('invoice_address')} />
            <TextInput label={L.INVOICE_PHONE} {...form.getInputProps('invoice_phone')} />
          </>
        )}
      </SimpleGrid>
      {cn && (
        <Stack gap="sm" data-testid="invoice-mailing">
          <Title order={4} size="h5">
            {L.MAILING}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={L.MAIL_CONTACT_NAME}
              withAsterisk
              {...form.getInputProps('contacts_name')}
            />
            <TextInput
              label={L.MAIL_CONTACT_PHONE}
              withAsterisk
              {...form.getInputProps('contacts_phone')}
            />
          </SimpleGrid>
          <RegionSelect
            testId="invoice"
            labels={REGION_LABELS}
            value={values}
            onLevelChange={changeLevel}
            errors={{ country: error('country'), province: error('province') }}
            disabled={readOnly}
          />
          <TextInput
            label={L.STREET}
            withAsterisk
            data-testid="invoice-street"
            {...form.getInputProps('street')}
          />
        </Stack>
      )}
    </SettingsSection>
  );
}
