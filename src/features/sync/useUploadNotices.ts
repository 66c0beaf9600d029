// Tells the user when their attachments' uploads end (uploadNotices.ts), wherever they are in the
// app: mounted once, in the header's sync corner. Reads the files and the outbox live; what ends
// within a short quiet spell (many files landing one after another on reconnect) is one notice.
import { notifications } from '@mantine/notifications';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import type { PurchasingDb } from '../../data/db';
import { userFileStates } from '../../data/files';
import { loadOutbox } from '../../sync/outbox';
import {
  type FileUpload,
  type UploadStage,
  uploadEnds,
  uploadNotices,
  uploadStages,
} from './uploadNotices';

/** Uploads that end within this long of each other are told together. */
const QUIET_MS = 1500;

async function readUploads(db: PurchasingDb, userSub: string): Promise<FileUpload[]> {
  const [files, outbox] = await Promise.all([userFileStates(db, userSub), loadOutbox(db)]);
  return uploadStages(files, outbox.entries);
}

export function useUploadNotices(db: PurchasingDb, userSub: string): void {
  const uploads = useLiveQuery(() => readUploads(db, userSub), [db, userSub]);
  const seen = useRef<{ owner: string; stages: Map<string, UploadStage> } | null>(null);
  const ended = useRef<{ landed: FileUpload[]; refused: FileUpload[] }>({
    landed: [],
    refused: [],
  });
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (uploads === undefined) return;
    // Another user (or database) starts from a new baseline.
    const owner = `${db.name}:${userSub}`;
    const before = seen.current?.owner === owner ? seen.current.stages : null;
    const { landed, refused, seen: stages } = uploadEnds(before, uploads);
    seen.current = { owner, stages };
    if (landed.length === 0 && refused.length === 0) return;
    ended.current.landed.push(...landed);
    ended.current.refused.push(...refused);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const { landed: all, refused: failed } = ended.current;
      ended.current = { landed: [], refused: [] };
      for (const notice of uploadNotices(all, failed)) {
        notifications.show({
          color: notice.color,
          title: notice.title,
          message: notice.message,
          // A refusal waits for the user (it names what to do again); a success goes by itself.
          autoClose: notice.color === 'red' ? false : undefined,
          style: { whiteSpace: 'pre-line' },
        });
      }
    }, QUIET_MS);
  }, [uploads, db, userSub]);

  useEffect(() => () => window.clearTimeout(timer.current), []);
}
