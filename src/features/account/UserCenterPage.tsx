// The personal centre /user/user-center (settings-messaging-shared §2 "Personal centre"):
// avatar, name and mobile from the session (GET /api/v7/user), the reset-
// password link, the VIP and sales-manager panels from the company row on this device, and the
// user's companies. It reads offline; changing the avatar or the password needs the server, so
// offline both are disabled with the reason shown.
import { Alert, Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useState } from 'react';
import { displayMobile, ACCOUNT_LABELS as L } from '../../domain/account/labels';
import { showsSalesManagerPanel, showsVipPanel } from '../../domain/account/panels';
import { COMMON_MESSAGES } from '../../domain/messages/common';
import { useOnline } from '../../platform/session/useOnline';
import { useSession } from '../../platform/session/useSession';
import { useCompanyRow } from '../common/useCompanyRow';
import { useFileImage } from '../common/useFileImage';
import { MyCompanies, SalesManagerPanel, VipPanel } from './AccountPanels';
import { AvatarCropDialog } from './AvatarCropDialog';
import { PasswordResetDialog } from './PasswordResetDialog';
import { useAvatarChange } from './useAvatarChange';

type Dialog = 'avatar' | 'password' | null;

export function UserCenterPage() {
  const { account, companies, currentCompany } = useSession();
  const online = useOnline();
  const company = useCompanyRow(currentCompany.id);
  const avatarChange = useAvatarChange(account.id);
  // A new avatar reaches the session at once (useAvatarChange), so the header shows it too.
  const avatar = useFileImage(account.avatar);
  const [dialog, setDialog] = useState<Dialog>(null);
  const follower = company?.follower ?? null;

  return (
    <Stack maw={960} mx="auto" gap="md" data-testid="user-center">
      <Title order={2} size="h3">
        {L.USER_CENTER}
      </Title>
      {!online && (
        <Alert color="yellow" icon={<IconWifiOff size={18} />} data-testid="offline-reason">
          {COMMON_MESSAGES.OFFLINE_ACTION}
        </Alert>
      )}
      <Paper withBorder p="md" component="section" aria-label={L.USER_CENTER}>
        <Group gap="lg" wrap="wrap" align="center">
          <Stack gap={6} align="center">
            <Avatar
              src={avatar}
              name={account.name}
              color="initials"
              size={96}
              alt={L.AVATAR}
              data-testid="user-avatar"
            />
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setDialog('avatar')}
              disabled={!online}
              title={online ? undefined : COMMON_MESSAGES.OFFLINE_ACTION}
            >
              {L.CHANGE_AVATAR}
            </Button>
          </Stack>
          <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
            <Group gap="xs">
              <Text size="sm" c="dimmed" w={64}>
                {L.NAME}
              </Text>
              <Text fw={600} data-testid="user-name">
                {account.name}
              </Text>
            </Group>
            <Group gap="xs">
              <Text size="sm" c="dimmed" w={64}>
                {L.MOBILE}
              </Text>
              <Text data-testid="user-mobile">{displayMobile(account.mobile)}</Text>
            </Group>
            <Group gap="xs">
              <Text size="sm" c="dimmed" w={64}>
                {L.USERNAME}
              </Text>
              <Text>{account.username}</Text>
            </Group>
            <Button
              variant="subtle"
              size="xs"
              px={0}
              w="fit-content"
              onClick={() => setDialog('password')}
              disabled={!online}
              title={online ? undefined : COMMON_MESSAGES.OFFLINE_ACTION}
              data-testid="reset-password-link"
            >
              {L.RESET_PASSWORD}
            </Button>
          </Stack>
        </Group>
      </Paper>
      {company === undefined ? (
        <Text size="sm" c="dimmed">
          {L.LOADING_COMPANY}
        </Text>
      ) : (
        <>
          {company && showsVipPanel(company) && <VipPanel company={company} />}
          {follower && showsSalesManagerPanel(follower) && (
            <SalesManagerPanel follower={follower} />
          )}
        </>
      )}
      <MyCompanies companies={companies} currentId={currentCompany.id} />
      <PasswordResetDialog
        opened={dialog === 'password' && online}
        onClose={() => setDialog(null)}
        accountId={account.id}
        mobile={account.mobile}
      />
      <AvatarCropDialog
        opened={dialog === 'avatar' && online}
        onClose={() => setDialog(null)}
        saving={avatarChange.saving}
        onSave={async (png) => (await avatarChange.save(png)) !== null}
      />
    </Stack>
  );
}
