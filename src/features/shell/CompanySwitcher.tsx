// The header's company switcher (settings-messaging-shared §2 "Shell", §6): shown only when the
// user has more than one company; switching works offline (every company is synced to the
// device) and the choice is kept for the tab and the device by the session.
import { Button, Menu, Text } from '@mantine/core';
import { IconBuilding, IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useSession } from '../../platform/session/useSession';

export const companyLabel = (company: { name: string; shortName: string | null }) =>
  company.shortName || company.name;

export function CompanySwitcher() {
  const { companies, currentCompany, switchCompany } = useSession();
  if (companies.length < 2) return null;
  return (
    <Menu position="bottom-start" shadow="md" width={260}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconBuilding size={16} />}
          rightSection={<IconChevronDown size={14} />}
          aria-label={`切换公司，当前：${currentCompany.name}`}
          maw={220}
        >
          <Text size="sm" truncate>
            {companyLabel(currentCompany)}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>切换公司</Menu.Label>
        {companies.map((company) => (
          <Menu.Item
            key={company.id}
            onClick={() => switchCompany(company.id)}
            rightSection={company.id === currentCompany.id ? <IconCheck size={14} /> : null}
          >
            {company.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same choice as a plain list, for the phone menu. */
export function CompanyList({ onChosen }: { onChosen(): void }) {
  const { companies, currentCompany, switchCompany } = useSession();
  if (companies.length < 2) return null;
  return (
    <>
      <Text size="xs" c="dimmed" px="xs">
        切换公司
      </Text>
      {companies.map((company) => (
        <Button
          key={company.id}
          variant={company.id === currentCompany.id ? 'light' : 'subtle'}
          justify="flex-start"
          fullWidth
          onClick={() => {
            switchCompany(company.id);
            onChosen();
          }}
          rightSection={company.id === currentCompany.id ? <IconCheck size={14} /> : null}
        >
          {company.name}
        </Button>
      ))}
    </>
  );
}
