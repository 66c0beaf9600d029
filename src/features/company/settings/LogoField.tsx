// The company logo: shown, uploaded and replaced (settings-messaging-shared §2 "The logo can be
// uploaded and replaced", §5 "Upload": gif, jpeg, png or svg under 20 MB).
import { Avatar, Button, FileButton, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { StoredCompany } from '../../../data/derive';
import {
  COMPANY_SETTINGS_LABELS as L,
  COMPANY_SETTINGS_MESSAGES as S,
} from '../../../domain/company/settingsMessages';
import { IMAGE_MIME_TYPES, isImageFile, validateFileSize } from '../../../domain/files/uploads';
import { useFileImage } from '../../common/useFileImage';
import type { CompanySettingsActions } from './useCompanySettingsActions';

interface Props {
  company: StoredCompany;
  actions: CompanySettingsActions;
  disabled: boolean;
}

export function LogoField({ company, actions, disabled }: Props) {
  const logoUrl = company.logo?.url ?? null;
  const src = useFileImage(logoUrl);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File | null) => {
    if (!file) return;
    const refusal = !isImageFile(file) ? S.LOGO_NOT_IMAGE : validateFileSize(file);
    if (refusal) {
      notifications.show({ color: 'red', message: refusal });
      return;
    }
    setBusy(true);
    await actions.uploadLogo(file);
    setBusy(false);
  };

  return (
    <Group gap="sm" align="center">
      <Avatar
        src={src}
        alt={L.LOGO}
        size={64}
        radius="sm"
        data-testid="company-logo"
        data-logo={logoUrl ?? ''}
      >
        {company.short_name?.slice(0, 2) ?? company.name.slice(0, 2)}
      </Avatar>
      <Text size="sm" c="dimmed">
        {L.LOGO}
      </Text>
      <FileButton
        onChange={(file) => void upload(file)}
        accept={IMAGE_MIME_TYPES.join(',')}
        disabled={disabled}
      >
        {(props) => (
          <Button
            {...props}
            variant="light"
            size="xs"
            loading={busy}
            disabled={disabled}
            data-testid="company-logo-upload"
          >
            {logoUrl ? L.LOGO_REPLACE : L.LOGO_UPLOAD}
          </Button>
        )}
      </FileButton>
    </Group>
  );
}
