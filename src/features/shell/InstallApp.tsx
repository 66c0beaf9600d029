// Installing the app from the app itself (issue 22 item 4): 安装应用 in the user menu where the
// browser can install it (Chromium's prompt) or the 添加到主屏幕 steps on an iPhone or iPad; and
// once, on a phone, an offer above the page that 不再提示 dismisses for good. Field users meet
// the app on their phone's browser and rarely find the browser's own install entry.
import { Button, CloseButton, Group, List, Menu, Modal, Paper, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconDeviceMobileDown, IconShare2 } from '@tabler/icons-react';
import { useState } from 'react';
import { PWA_MESSAGES as M } from '../../domain/messages/pwa';
import { readPersisted, writePersisted } from '../../platform/persisted';
import { promptInstall, useInstallOffer } from '../../platform/pwa/installPrompt';

/** The three steps of Safari's 添加到主屏幕. */
export function IosInstallDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={M.IOS_INSTALL} centered>
      <List type="ordered" spacing="sm" data-testid="ios-install-steps">
        <List.Item icon={<IconShare2 size={18} aria-hidden />}>{M.IOS_STEP_SHARE}</List.Item>
        <List.Item>{M.IOS_STEP_ADD}</List.Item>
        <List.Item>{M.IOS_STEP_CONFIRM}</List.Item>
      </List>
    </Modal>
  );
}

/**
 * What installing means in this browser: none, the browser's prompt, or the iOS steps (their
 * dialog rendered by the caller); `start` does it, `label` names it.
 */
function useInstall() {
  const offer = useInstallOffer();
  const [stepsOpened, { open, close }] = useDisclosure(false);
  return {
    offer,
    label: offer === 'prompt' ? M.INSTALL : M.IOS_INSTALL,
    start: () => (offer === 'prompt' ? void promptInstall() : open()),
    steps: <IosInstallDialog opened={stepsOpened} onClose={close} />,
  };
}

/** The user menu's entry: nothing when the app is installed or the browser cannot install it. */
export function InstallMenuItem() {
  const { offer, label, start, steps } = useInstall();
  if (offer === 'none') return null;
  return (
    <>
      <Menu.Item leftSection={<IconDeviceMobileDown size={16} />} onClick={start}>
        {label}
      </Menu.Item>
      {steps}
    </>
  );
}

/** The same entry as a button, for the phone menu's list (which closes for the browser's dialog). */
export function InstallLink({ onChosen }: { onChosen(): void }) {
  const { offer, label, start, steps } = useInstall();
  if (offer === 'none') return null;
  return (
    <>
      <Button
        variant="subtle"
        justify="flex-start"
        leftSection={<IconDeviceMobileDown size={16} />}
        onClick={() => {
          if (offer === 'prompt') onChosen();
          start();
        }}
      >
        {label}
      </Button>
      {steps}
    </>
  );
}

/** On a phone, once: the offer to install, until installed or 不再提示. */
export function InstallOffer() {
  const { offer, start, steps } = useInstall();
  const phone = useMediaQuery('(max-width: 48em)') === true;
  const [dismissed, setDismissed] = useState(() => readPersisted('installOfferDismissed') === true);
  if (offer === 'none' || !phone || dismissed) return null;
  const dismiss = () => {
    writePersisted('installOfferDismissed', true);
    setDismissed(true);
  };
  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      role="region"
      aria-label={M.INSTALL}
      data-testid="install-offer"
      style={{ position: 'fixed', insetInline: 8, bottom: 8, zIndex: 150 }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="sm">{M.INSTALL_OFFER}</Text>
        <CloseButton aria-label={M.INSTALL_NOT_NOW} onClick={dismiss} />
      </Group>
      <Group mt="xs" gap="xs">
        <Button size="xs" leftSection={<IconDeviceMobileDown size={14} />} onClick={start}>
          {offer === 'prompt' ? M.INSTALL_NOW : M.IOS_SHOW_STEPS}
        </Button>
        <Button size="xs" variant="subtle" color="gray" onClick={dismiss}>
          {M.INSTALL_NOT_NOW}
        </Button>
      </Group>
      {steps}
    </Paper>
  );
}
