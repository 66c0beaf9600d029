// Company info (settings-messaging-shared §2 "Company settings"): name, short name, logo,
// website, email, currency, language, country/province/city (each locked once the server holds
// it; the first save of a location asks 国家、省、市设置后不允许编辑，请确认是否正确), timezone and
// tax code.
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { COMPANY_LANGUAGES, COMPANY_TIMEZONES } from '../../../domain/company/companyCodes';
import { type CompanyInfoForm, validateCompanyInfo } from '../../../domain/company/companyForm';
import {
  defaultCurrencyOf,
  isLocationFieldLocked,
  locationConfirmation,
} from '../../../domain/company/companyInfo';
import { COMPANY_MESSAGES } from '../../../domain/company/messages';
import { COMPANY_SETTINGS_LABELS as L } from '../../../domain/company/settingsMessages';
import { CURRENCIES, CURRENCY_INFO } from '../../../domain/format/currency';
import { clearBelow, type RegionLevel, RegionSelect } from '../../common/RegionSelect';
import type { Confirm } from '../../common/useConfirm';
import { LogoField } from './LogoField';
import { REGION_LABELS, type SectionProps, SettingsSection } from './SettingsSection';
import { infoFormOf } from './settingsForms';

const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({
  value: code,
  label: `${CURRENCY_INFO[code].name} ${code}`,
}));
const LANGUAGE_OPTIONS = COMPANY_LANGUAGES.codes.map((code) => ({
  value: code,
  label: COMPANY_LANGUAGES.labels[code],
}));
const TIMEZONE_OPTIONS = COMPANY_TIMEZONES.codes.map((code) => ({
  value: code,
  label: COMPANY_TIMEZONES.labels[code],
}));
const LOCATION_LEVELS = ['country', 'province', 'city'] as const;
interface Props extends SectionProps {
  confirm: Confirm;
}

export function CompanyInfoSection({ company, actions, confirm, readOnly }: Props) {
  const held = infoFormOf(company);
  const form = useForm<CompanyInfoForm>({
    mode: 'controlled',
    initialValues: held,
    validate: (values) => validateCompanyInfo(values),
  });
  const [busy, setBusy] = useState(false);
  const values = form.getValues();
  const locked = Object.fromEntries(
    LOCATION_LEVELS.map((level) => [level, isLocationFieldLocked(held, level)]),
  );

  const changeLevel = (level: RegionLevel, next: string) => {
    if (level === 'district') return;
    const current = form.getValues();
    const region = clearBelow({ ...current, district: '' }, level, next);
    form.setValues({ country: region.country, province: region.province, city: region.city });
    // A first country brings its currency, unless the user already chose one.
    if (level === 'country' && next !== '' && current.currency === held.currency) {
      form.setFieldValue('currency', defaultCurrencyOf(next));
    }
  };

  const submit = async () => {
    if (form.validate().hasErrors) return;
    const draft = form.getValues();
    const question = locationConfirmation(held, draft);
    if (question && !(await confirm(question, COMPANY_MESSAGES.LOCATION_CONFIRM_TITLE))) return;
    setBusy(true);
    const body = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()]));
    if (await actions.saveInfo(body)) form.resetDirty(draft);
    setBusy(false);
  };

  return (
    <SettingsSection
      id="company-info"
      title={L.INFO}
      readOnly={readOnly}
      dirty={form.isDirty()}
      busy={busy}
      onSubmit={() => void submit()}
      onReset={() => form.reset()}
    >
      <LogoField company={company} actions={actions} disabled={readOnly} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={L.NAME} withAsterisk {...form.getInputProps('name')} />
        <TextInput label={L.SHORT_NAME} {...form.getInputProps('short_name')} />
        <TextInput label={L.WEBSITE} {...form.getInputProps('website')} />
        <TextInput label={L.EMAIL} inputMode="email" {...form.getInputProps('email')} />
        <Select
          label={L.CURRENCY}
          data={CURRENCY_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('currency')}
        />
        <Select
          label={L.LANGUAGE}
          data={LANGUAGE_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('language')}
        />
      </SimpleGrid>
      <RegionSelect
        testId="company"
        levels={LOCATION_LEVELS}
        labels={REGION_LABELS}
        value={{ ...values, district: '' }}
        onLevelChange={changeLevel}
        locked={locked}
        lockedHint={L.LOCKED_HINT}
        errors={{ country: form.errors.country?.toString() }}
        disabled={readOnly}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={L.TIMEZONE}
          data={TIMEZONE_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('timezone')}
        />
        <TextInput label={L.TAX_CODE} {...form.getInputProps('tax_code')} />
      </SimpleGrid>
    </SettingsSection>
  );
}
