// The frame of each company-settings area (company info, invoice info, delivery address): a titled
// form whose fields are all disabled while read-only (offline), ending with 重置 and 保存.
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { StoredCompany } from '../../../data/derive';
import { COMPANY_SETTINGS_LABELS as L } from '../../../domain/company/settingsMessages';
import type { CompanySettingsActions } from './useCompanySettingsActions';

/** The labels of a region cascade in these forms. */
export const REGION_LABELS = {
  country: L.COUNTRY,
  province: L.PROVINCE,
  city: L.CITY,
  district: L.DISTRICT,
};

/** What every section gets from the page. */
export interface SectionProps {
  company: StoredCompany;
  actions: CompanySettingsActions;
  /** Offline: shown, not editable. */
  readOnly: boolean;
}

export function SettingsSection({
  id,
  title,
  readOnly,
  dirty,
  busy,
  onSubmit,
  onReset,
  children,
}: {
  /** Names the section (`company-info` …) and its form's test id (`company-info-form`). */
  id: string;
  title: string;
  readOnly: boolean;
  dirty: boolean;
  busy: boolean;
  onSubmit(): void;
  onReset(): void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-title`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        data-testid={`${id}-form`}
      >
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="sm">
            <Title order={3} size="h4" id={`${id}-title`}>
              {title}
            </Title>
            {children}
            <Group justify="flex-end">
              <Button variant="default" disabled={!dirty} onClick={onReset}>
                {L.RESET}
              </Button>
              <Button type="submit" loading={busy} disabled={readOnly}>
                {L.SAVE}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}
