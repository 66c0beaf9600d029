// The employees as a table (desktop) or as cards (phones, under 48em): avatar, name, gender,
// mobile, status, login user name and mobile, actions (settings-messaging-shared §2).
import { Avatar, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { StoredStaff } from '../../../data/derive';
import { genderLabel, staffStatusLabel } from '../../../domain/staff/staffCodes';
import { STAFF_LABELS as L } from '../../../domain/staff/staffText';
import { useFileImage } from '../../common/useFileImage';
import { type RowHandlers, StaffRowActions } from './StaffRowActions';

interface Props {
  staff: readonly StoredStaff[];
  compact: boolean;
  online: boolean;
  isAdmin: boolean;
  handlers: RowHandlers;
}

const dash = (value: string | null | undefined) => (value ? value : L.NOTHING);

function PersonAvatar({ person }: { person: StoredStaff }) {
  // An uploaded avatar is read with the bearer token (an <img> alone cannot send it).
  const src = useFileImage(person.avatar ?? person.login_user?.avatar ?? null);
  return <Avatar src={src} name={person.name} alt={person.name} radius="xl" size="md" />;
}

function StatusBadge({ person }: { person: StoredStaff }) {
  return (
    <Badge color={person.status === 'IN_SERVICE' ? 'teal' : 'gray'} variant="light">
      {staffStatusLabel(person.status)}
    </Badge>
  );
}

function NameCell({ person }: { person: StoredStaff }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={500}>
        {person.name}
      </Text>
      {person.is_admin && (
        <Badge size="xs" variant="outline">
          {L.ADMIN_BADGE}
        </Badge>
      )}
    </Group>
  );
}

export function StaffList({ staff, compact, online, isAdmin, handlers }: Props) {
  if (compact) {
    return (
      <Stack gap="sm" data-testid="staff-cards">
        {staff.map((person) => (
          <Card
            key={person.id}
            withBorder
            padding="sm"
            data-testid="staff-card"
            aria-label={person.name}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <PersonAvatar person={person} />
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Group justify="space-between" wrap="nowrap">
                  <NameCell person={person} />
                  <StatusBadge person={person} />
                </Group>
                <Text size="sm" c="dimmed">
                  {genderLabel(person.gender ?? '')} · {dash(person.mobile)}
                </Text>
                <Text size="sm" c="dimmed">
                  {L.LOGIN_USER}：
                  {person.login_user
                    ? `${person.login_user.name} ${person.login_user.mobile ?? ''}`
                    : L.LOGIN_USER_UNBOUND}
                </Text>
                <StaffRowActions
                  person={person}
                  online={online}
                  isAdmin={isAdmin}
                  handlers={handlers}
                  touch
                />
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="staff-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{L.AVATAR}</Table.Th>
            <Table.Th>{L.NAME}</Table.Th>
            <Table.Th>{L.GENDER}</Table.Th>
            <Table.Th>{L.MOBILE}</Table.Th>
            <Table.Th>{L.STATUS}</Table.Th>
            <Table.Th>{L.LOGIN_USER}</Table.Th>
            <Table.Th>{L.LOGIN_USER_MOBILE}</Table.Th>
            <Table.Th>{L.ACTIONS}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {staff.map((person) => (
            <Table.Tr key={person.id} data-testid="staff-row">
              <Table.Td>
                <PersonAvatar person={person} />
              </Table.Td>
              <Table.Td>
                <NameCell person={person} />
              </Table.Td>
              <Table.Td>{genderLabel(person.gender ?? '') || L.NOTHING}</Table.Td>
              <Table.Td>{dash(person.mobile)}</Table.Td>
              <Table.Td>
                <StatusBadge person={person} />
              </Table.Td>
              <Table.Td>
                {person.login_user ? person.login_user.name : L.LOGIN_USER_UNBOUND}
              </Table.Td>
              <Table.Td>{dash(person.login_user?.mobile)}</Table.Td>
              <Table.Td>
                <StaffRowActions
                  person={person}
                  online={online}
                  isAdmin={isAdmin}
                  handlers={handlers}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
