// The preview dialog of a report (settings-messaging-shared §2 "Printable documents and report
// export"): renders the document on the device from the synced rows, shows the PDF inline on a
// desktop and offers 打开 / 下载 on a phone (whose browser does not show a PDF inside a page),
// 下载 saves `<file name>.pdf`, and 分享 hands the file to the system share sheet (to a customer
// in WeChat) where the browser can share files. Loading and errors in Chinese; the big-order report's
// missing-quotation-number warning above the document.
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { ShareFileButton } from '../common/ShareFileButton';
import classes from './DocumentPreview.module.css';
import { DOCUMENT_TEXT } from './documentText';
import { makeDocument } from './makeDocument';
import type { DocumentRequest } from './renderDocument';
import { pdfUrl, saveUrl } from './saveFile';

type PreviewState =
  | { status: 'loading' }
  | { status: 'ready'; url: string; fileName: string; file: File }
  | { status: 'failed'; message: string };

/** The state and the request and attempt it is of (an older one reads as loading). */
type Made = { request: DocumentRequest | null; attempt: number; state: PreviewState };

const LOADING: PreviewState = { status: 'loading' };

/** Shows a PDF inside the page: a wide screen whose browser has a PDF viewer. */
function useInlinePdf(): boolean {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const viewer = typeof navigator === 'undefined' ? undefined : navigator.pdfViewerEnabled;
  return wide && viewer !== false;
}

function useRenderedDocument(request: DocumentRequest | null, attempt: number): PreviewState {
  const [made, setMade] = useState<Made>({ request: null, attempt, state: LOADING });
  useEffect(() => {
    if (!request) return;
    let url: string | null = null;
    let live = true;
    makeDocument(request).then(
      (document) => {
        if (!live) return;
        url = pdfUrl(document.bytes);
        const file = new File([document.bytes as Uint8Array<ArrayBuffer>], document.fileName, {
          type: 'application/pdf',
        });
        setMade({
          request,
          attempt,
          state: { status: 'ready', url, fileName: document.fileName, file },
        });
      },
      (error: unknown) => {
        if (!live) return;
        const message = error instanceof Error ? error.message : String(error);
        setMade({ request, attempt, state: { status: 'failed', message } });
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [request, attempt]);
  return made.request === request && made.attempt === attempt ? made.state : LOADING;
}

export interface DocumentPreviewProps {
  /** The document to make; null keeps the dialog closed. */
  request: DocumentRequest | null;
  /** The template's download name (shown while the document is made). */
  fileName: string;
  /** A warning shown above the document (the big-order report without a quotation number). */
  warning?: string | null;
  onClose(): void;
}

export function DocumentPreview({ request, fileName, warning, onClose }: DocumentPreviewProps) {
  const [attempt, setAttempt] = useState(0);
  const state = useRenderedDocument(request, attempt);
  const inline = useInlinePdf();
  const title = request ? `${request.template.name} ${DOCUMENT_TEXT.PREVIEW_TITLE}` : '';

  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={title}
      size="xl"
      fullScreen={!inline}
      closeButtonProps={{ 'aria-label': DOCUMENT_TEXT.CLOSE }}
      data-testid="document-preview-dialog"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed" data-testid="document-file-name">
          {state.status === 'ready' ? state.fileName : fileName}
        </Text>
        {warning && (
          <Alert color="orange" data-testid="document-warning">
            {warning}
          </Alert>
        )}
        {state.status === 'loading' && (
          <Center py="xl">
            <Stack align="center" gap="xs">
              <Loader />
              <Text size="sm">{DOCUMENT_TEXT.LOADING}</Text>
            </Stack>
          </Center>
        )}
        {state.status === 'failed' && (
          <Alert color="red" role="alert" data-testid="document-error">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{state.message}</Text>
              <Button size="xs" variant="light" onClick={() => setAttempt((n) => n + 1)}>
                {DOCUMENT_TEXT.RETRY}
              </Button>
            </Stack>
          </Alert>
        )}
        {state.status === 'ready' && (
          <>
            {inline ? (
              <div className={classes.frameBox}>
                <iframe
                  src={state.url}
                  title={state.fileName}
                  className={classes.frame}
                  data-testid="document-preview"
                />
              </div>
            ) : (
              <Text size="sm" data-testid="document-preview">
                {DOCUMENT_TEXT.PHONE_HINT}
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              {!inline && (
                <Button
                  variant="light"
                  component="a"
                  href={state.url}
                  target="_blank"
                  rel="noopener"
                >
                  {DOCUMENT_TEXT.OPEN}
                </Button>
              )}
              <ShareFileButton file={state.file} />
              <Button onClick={() => saveUrl(state.url, state.fileName)}>
                {DOCUMENT_TEXT.DOWNLOAD}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
