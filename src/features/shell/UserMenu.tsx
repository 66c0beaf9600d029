// The header's user menu (settings-messaging-shared §2 "Shell", §6): personal centre for everyone,
// company settings and staff management for the current company's administrators, and sign-out
// (which warns first when changes have not reached the server: src/platform/session).
import { Avatar, Button, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingCog, IconLogout, IconUser, IconUsers } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import { useSession } from '../../platform/session/useSession';
import { useFileImage } from '../common/useFileImage';

const USER_LINKS = [
  { label: '个人中心', to: '/user/user-center', Icon: IconUser, admin: false },
  { label: '公司设置', to: '/user/company-setting', Icon: IconBuildingCog, admin: true },
  { label: '员工管理', to: '/user/personnel-list', Icon: IconUsers, admin: true },
] as const;

export const SIGN_OUT_LABEL = '退出登录';

/** The entries the user may open, among the screens this build has (later issues add some). */
function useUserLinks() {
  const { isAdmin } = useSession();
  const { routesByPath } = useRouter();
  return USER_LINKS.filter((link) => (!link.admin || isAdmin) && link.to in routesByPath);
}

export function UserMenu() {
  const { account, signOut } = useSession();
  const avatar = useFileImage(account.avatar);
  const links = useUserLinks();
  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <UnstyledButton aria-label={`用户菜单：${account.name}`} px={4}>
          <Group gap={6} wrap="nowrap">
            <Avatar src={avatar} name={account.name} size={30} color="initials" />
            <Text size="sm" maw={120} truncate visibleFrom="md">
              {account.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{account.name}</Menu.Label>
        {links.map(({ label, to, Icon }) => (
          <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={16} />}>
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => void signOut()}
        >
          {SIGN_OUT_LABEL}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same entries as a list, for the phone menu. */
export function UserLinks({ onChosen }: { onChosen(): void }) {
  const { account, signOut } = useSession();
  const avatar = useFileImage(account.avatar);
  const links = useUserLinks();
  return (
    <Stack gap={4}>
      <Group gap="xs" px="xs" py={4}>
        <Avatar src={avatar} name={account.name} size={30} color="initials" />
        <Text size="sm">{account.name}</Text>
      </Group>
      {links.map(({ label, to, Icon }) => (
        <Button
          key={to}
          component={Link}
          to={to}
          variant="subtle"
          justify="flex-start"
          leftSection={<Icon size={16} />}
          onClick={onChosen}
          fullWidth
        >
          {label}
        </Button>
      ))}
      <Button
        variant="subtle"
        color="red"
        justify="flex-start"
        leftSection={<IconLogout size={16} />}
        onClick={() => {
          onChosen();
          void signOut();
        }}
        fullWidth
      >
        {SIGN_OUT_LABEL}
      </Button>
    </Stack>
  );
}
