// The one screen shown when the app cannot start: no runtime config from the network and none
// kept from an earlier start (the very first open, offline). It brings its own MantineProvider so
// the boot code can render it in place of the whole app.
import { Button, Center, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { PWA_MESSAGES } from '../../domain/messages/pwa';
import { theme } from '../theme';

export function ConfigUnavailable({
  onRetry = () => window.location.reload(),
}: {
  onRetry?: () => void;
}) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="sm" maw={360} role="alert">
          <Title order={3}>{PWA_MESSAGES.CONFIG_UNAVAILABLE_TITLE}</Title>
          <Text c="dimmed" ta="center">
            {PWA_MESSAGES.CONFIG_UNAVAILABLE}
          </Text>
          <Button onClick={onRetry}>{PWA_MESSAGES.RETRY}</Button>
        </Stack>
      </Center>
    </MantineProvider>
  );
}
