// The export's dialog: the progress while the worker reads and writes (a bar with its count and
// 取消), then the made file with 分享 (where the browser can share files) and 下载, or the
// failure with 重试. Closing it cancels a running export. The focus moves with the state (取消,
// then 下载 or 重试: the button it sat on is gone) and goes back to `returnTo` on close.
import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { type RefObject, useEffect, useRef } from 'react';
import { EXPORT_TEXT } from '../../domain/export/exportText';
import { ShareFileButton } from '../common/ShareFileButton';
import { saveBlob } from '../documents/saveFile';
import type { Export } from './useExport';

export function ExportDialog({
  exporting,
  returnTo,
}: {
  exporting: Export;
  /** The button that opened the menu: the focus goes back there (the menu item is gone). */
  returnTo: RefObject<HTMLButtonElement | null>;
}) {
  const { state, start, close } = exporting;
  const opened = state.status !== 'idle';
  const action = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (state.status !== 'idle') action.current?.focus();
  }, [state.status]);
  return (
    <Modal
      opened={opened}
      onClose={close}
      returnFocus={false}
      onExitTransitionEnd={() => returnTo.current?.focus()}
      title={opened ? `${EXPORT_TEXT.TITLE} ${state.request.fileName}.${state.request.format}` : ''}
      centered
      data-testid="export-dialog"
    >
      {state.status === 'running' && (
        <Stack gap="sm">
          <Progress
            value={state.total ? (state.done / state.total) * 100 : 0}
            animated
            aria-label={EXPORT_TEXT.PROGRESS_LABEL}
          />
          <Text size="sm" aria-live="polite" data-testid="export-progress">
            {state.total === null
              ? EXPORT_TEXT.PREPARING
              : state.done >= state.total
                ? EXPORT_TEXT.WRITING
                : EXPORT_TEXT.READING(state.done, state.total)}
          </Text>
          <Group justify="flex-end">
            <Button ref={action} variant="default" onClick={close}>
              {EXPORT_TEXT.CANCEL}
            </Button>
          </Group>
        </Stack>
      )}
      {state.status === 'ready' && (
        <Stack gap="sm">
          <Text size="sm" data-testid="export-ready">
            {EXPORT_TEXT.READY(state.rows)}
          </Text>
          <Group justify="flex-end" gap="sm">
            <ShareFileButton file={state.file} />
            <Button ref={action} onClick={() => saveBlob(state.file, state.file.name)}>
              {EXPORT_TEXT.DOWNLOAD}
            </Button>
          </Group>
        </Stack>
      )}
      {state.status === 'failed' && (
        <Alert color="red" role="alert" data-testid="export-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{state.message}</Text>
            <Button ref={action} size="xs" variant="light" onClick={() => start(state.request)}>
              {EXPORT_TEXT.RETRY}
            </Button>
          </Stack>
        </Alert>
      )}
    </Modal>
  );
}
