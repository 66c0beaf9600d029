// The personal centre's side panels (settings-messaging-shared §2 "Personal centre", §6): the VIP
// panel (validity, total rebate, balance, in CNY) for a VIP company only, the sales manager who
// follows the company when there is one, and the user's companies.
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { StoredCompany } from '../../data/derive';
import { displayMobile, ACCOUNT_LABELS as L, validityText } from '../../domain/account/labels';
import { VIP_BOX_CURRENCY, VIP_BOX_FIELDS } from '../../domain/company/vip';
import { formatMoney } from '../../domain/format/money';
import type { SessionCompany } from '../../platform/session/account';

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

export function VipPanel({ company }: { company: StoredCompany }) {
  const rebates = company.rebates ?? null;
  const text: Record<(typeof VIP_BOX_FIELDS)[number]['key'], string> = {
    validity: validityText(company.start_date, company.end_date),
    amount: formatMoney(rebates?.amount, VIP_BOX_CURRENCY),
    balance: formatMoney(rebates?.balance, VIP_BOX_CURRENCY),
  };
  return (
    <Paper withBorder p="md" component="section" aria-label={L.VIP_PANEL} data-testid="vip-panel">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {L.VIP_PANEL}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {VIP_BOX_FIELDS.map((field) => (
            <Field
              key={field.key}
              label={field.label}
              value={text[field.key]}
              testId={`vip-${field.key}`}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

export function SalesManagerPanel({
  follower,
}: {
  follower: NonNullable<StoredCompany['follower']>;
}) {
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={L.SALES_MANAGER}
      data-testid="sales-manager-panel"
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          {L.SALES_MANAGER}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Field label={L.SALES_MANAGER_NAME} value={follower.alias} testId="sales-manager-name" />
          <Field
            label={L.SALES_MANAGER_MOBILE}
            value={displayMobile(follower.mobile)}
            testId="sales-manager-mobile"
          />
          <Field
            label={L.SALES_MANAGER_PHONE}
            value={follower.phone ?? L.NOT_SET}
            testId="sales-manager-phone"
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

export function MyCompanies({
  companies,
  currentId,
}: {
  companies: readonly SessionCompany[];
  currentId: number;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={L.MY_COMPANIES}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {L.MY_COMPANIES}
        </Title>
        {companies.length === 0 ? (
          <Text size="sm" c="dimmed">
            {L.NO_COMPANIES}
          </Text>
        ) : (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {companies.map((company) => (
              <Group key={company.id} component="li" gap="xs" wrap="wrap" data-testid="my-company">
                <Text size="sm">{company.name}</Text>
                {company.id === currentId && (
                  <Badge size="xs" variant="light">
                    {L.CURRENT_COMPANY}
                  </Badge>
                )}
                {company.admin && (
                  <Badge size="xs" variant="outline" color="gray">
                    {L.ADMIN}
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
