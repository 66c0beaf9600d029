// The default delivery address (settings-messaging-shared §2, §3 "Company address", §5):
// country → province → city → district (a level clears the ones below it and the street),
// street, zip, contact and a mainland mobile. Saving the first one sets it (收货地址设置成功!),
// later saves update it (收货地址更新成功!).
import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  type DeliveryAddressForm,
  setDeliveryLevel,
  validateDeliveryAddress,
} from '../../../domain/company/deliveryAddress';
import { COMPANY_SETTINGS_LABELS as L } from '../../../domain/company/settingsMessages';
import { type RegionLevel, RegionSelect } from '../../common/RegionSelect';
import { REGION_LABELS, type SectionProps, SettingsSection } from './SettingsSection';
import { addressFormOf } from './settingsForms';

export function DeliveryAddressSection({ company, actions, readOnly }: SectionProps) {
  const form = useForm<DeliveryAddressForm>({
    mode: 'controlled',
    initialValues: addressFormOf(company),
    validate: validateDeliveryAddress,
  });
  const [busy, setBusy] = useState(false);
  const values = form.getValues();

  const changeLevel = (level: RegionLevel, next: string) =>
    form.setValues(setDeliveryLevel(form.getValues(), level, next));

  const submit = async () => {
    if (form.validate().hasErrors) return;
    setBusy(true);
    const draft = form.getValues();
    const body = {
      address_type: 'DEFAULT_SHIPPING_GOODS_ADDRESS',
      ...Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])),
    };
    const addressId = company.default_address?.id ?? null;
    if (await actions.saveAddress(addressId, body)) form.resetDirty(draft);
    setBusy(false);
  };

  return (
    <SettingsSection
      id="company-address"
      title={L.ADDRESS}
      readOnly={readOnly}
      dirty={form.isDirty()}
      busy={busy}
      onSubmit={() => void submit()}
      onReset={() => form.reset()}
    >
      <RegionSelect
        testId="address"
        labels={REGION_LABELS}
        value={values}
        onLevelChange={changeLevel}
        required={{ country: true }}
        errors={{ country: form.errors.country?.toString() }}
        disabled={readOnly}
      />
      <TextInput
        label={L.STREET}
        withAsterisk
        data-testid="address-street"
        {...form.getInputProps('street')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label={L.CONTACT_NAME} withAsterisk {...form.getInputProps('contacts_name')} />
        <TextInput
          label={L.CONTACT_PHONE}
          withAsterisk
          inputMode="tel"
          {...form.getInputProps('contacts_phone')}
        />
        <TextInput label={L.ZIP} {...form.getInputProps('zip')} />
      </SimpleGrid>
    </SettingsSection>
  );
}
