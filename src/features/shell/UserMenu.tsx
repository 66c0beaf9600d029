// The header's user menu (settings-messaging-shared §2 "Shell", §6): the personal centre, the
// menu's layout (header or sidebar) and sign-out (which warns first when changes have not reached
// the server: src/platform/session). Company settings and staff are entries of the menu (NavMenu).
import { Avatar, Button, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLayoutNavbar, IconLayoutSidebar, IconLogout, IconUser } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import { useRef } from 'react';
import { useSession } from '../../platform/session/useSession';
import { useFileImage } from '../common/useFileImage';
import { InstallLink, InstallMenuItem } from './InstallApp';
import { NAV_LAYOUT_LABELS, setNavLayout, useNavLayout } from './navLayout';

const USER_LINKS = [{ label: '个人中心', to: '/user/user-center', Icon: IconUser }] as const;

export const SIGN_OUT_LABEL = '退出登录';

/** The entries among the screens this build has. */
function useUserLinks() {
  const { routesByPath } = useRouter();
  return USER_LINKS.filter((link) => link.to in routesByPath);
}

/** Moves the wide screens' menu between the header and a sidebar. */
function LayoutItem() {
  const layout = useNavLayout();
  const next = layout === 'horizontal' ? 'sidebar' : 'horizontal';
  const Icon = next === 'sidebar' ? IconLayoutSidebar : IconLayoutNavbar;
  return (
    <Menu.Item leftSection={<Icon size={16} />} onClick={() => setNavLayout(next)}>
      {`使用${NAV_LAYOUT_LABELS[next]}`}
    </Menu.Item>
  );
}

export function UserMenu() {
  const { account, signOut } = useSession();
  const avatar = useFileImage(account.avatar);
  const links = useUserLinks();
  // 退出登录 with changes waiting opens a prompt, which hands the focus back to what held it when
  // it opened: the menu item, gone by then (docs/footguns.md 88). The menu's button holds it
  // instead, so 取消 returns there.
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <UnstyledButton ref={trigger} aria-label={`用户菜单 ${account.name}`} px={4}>
          <Group gap={6} wrap="nowrap">
            {/* A picture or the person icon, no initials: the name is written beside it once
                (initials would repeat it in the button's text, which must read as its label). */}
            <Avatar src={avatar} alt="" size={30} color="blue" aria-hidden />
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
        <LayoutItem />
        <InstallMenuItem />
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => {
            trigger.current?.focus();
            void signOut();
          }}
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
      <InstallLink onChosen={onChosen} />
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
