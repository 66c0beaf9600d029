// One export at a time from a screen: a worker of its own per export (exportWorker.ts), its
// progress, the made file, or a failure; cancelling or leaving the screen terminates the worker.
import { proxy, wrap } from 'comlink';
import { useCallback, useEffect, useRef, useState } from 'react';
import { EXPORT_TEXT } from '../../domain/export/exportText';
import type { ExportRequest } from './exportFile';
import type { ExportApi } from './exportWorker';

export type ExportState =
  | { status: 'idle' }
  | { status: 'running'; request: ExportRequest; done: number; total: number | null }
  | { status: 'ready'; request: ExportRequest; file: File; rows: number }
  | { status: 'failed'; request: ExportRequest; message: string };

export interface Export {
  state: ExportState;
  start(request: ExportRequest): void;
  /** Stops a running export; closes a finished one. */
  close(): void;
}

const MISSING = /is not on this device/;

export function useExport(): Export {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const worker = useRef<Worker | null>(null);
  const stop = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(
    (request: ExportRequest) => {
      stop();
      const started = new Worker(new URL('./exportWorker.ts', import.meta.url), {
        type: 'module',
      });
      worker.current = started;
      const current = () => worker.current === started;
      setState({ status: 'running', request, done: 0, total: null });
      const onProgress = (done: number, total: number) => {
        if (current()) setState({ status: 'running', request, done, total });
      };
      // A worker that cannot load (its script missing from an old cache) never answers: its
      // error event fails the export instead.
      const loadFailed = new Promise<never>((_, reject) => {
        started.addEventListener('error', (event) => reject(new Error(event.message)));
      });
      Promise.race([wrap<ExportApi>(started).run(request, proxy(onProgress)), loadFailed])
        .then(
          ({ file, rows }) => {
            if (current()) setState({ status: 'ready', request, file, rows });
          },
          (error: unknown) => {
            if (!current()) return;
            const missing = error instanceof Error && MISSING.test(error.message);
            setState({
              status: 'failed',
              request,
              message: missing ? EXPORT_TEXT.MISSING : EXPORT_TEXT.FAILED,
            });
          },
        )
        .finally(() => {
          if (!current()) return;
          started.terminate();
          worker.current = null;
        });
    },
    [stop],
  );

  const close = useCallback(() => {
    stop();
    setState({ status: 'idle' });
  }, [stop]);

  return { state, start, close };
}
