// The VIP box (settings-messaging-shared §2 "Company settings"): validity period and the rebates'
// total and balance, always in CNY; only for a VIP company.
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { StoredCompany } from '../../../data/derive';
import { COMPANY_SETTINGS_LABELS as L } from '../../../domain/company/settingsMessages';
import { VIP_BOX_CURRENCY, VIP_BOX_FIELDS, vipBoxOf } from '../../../domain/company/vip';
import { formatMoney } from '../../../domain/format/money';

const num = (value: string | null | undefined): number | null =>
  value === null || value === undefined || value === '' ? null : Number(value);

export function VipBox({ company }: { company: StoredCompany }) {
  const rebates = company.rebates ?? null;
  const box = vipBoxOf(company, {
    amount: num(rebates?.amount),
    balance: num(rebates?.balance),
  });
  const text: Record<(typeof VIP_BOX_FIELDS)[number]['key'], string> = {
    validity: `${box.start_date ?? '—'} ~ ${box.end_date ?? '—'}`,
    amount: formatMoney(box.amount, VIP_BOX_CURRENCY),
    balance: formatMoney(box.balance, VIP_BOX_CURRENCY),
  };
  return (
    <Paper withBorder p="md" component="section" data-testid="company-vip">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {L.VIP}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {VIP_BOX_FIELDS.map((field) => (
            <Group key={field.key} gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {field.label}
              </Text>
              <Text size="sm" fw={500} data-testid={`company-vip-${field.key}`}>
                {text[field.key]}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
