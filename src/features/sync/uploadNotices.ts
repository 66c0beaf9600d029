// What the user is told when their attachments' uploads end (purchasing-core §8 上传成功！ /
// 上传失败,请重试！, settings-messaging-shared §8 文件上传成功, 文件上传失败：msg, 上传失败：{file}).
// Uploads run later, in the sync engine, so the page learns of them from the local database: a
// file it saw waiting that is now uploaded landed; one whose outbox entries were refused failed.
// Everything that ended together makes one notice of each kind, never one per file.
import type { FileUploadState } from '../../data/files';
import {
  FILE_MESSAGES,
  uploadFailedFor,
  uploadFailedWithReason,
} from '../../domain/files/messages';
import { DOCUMENT_TYPES } from '../../domain/files/uploads';
import { PURCHASING_MESSAGES } from '../../domain/messages/purchasing';
import { filesOf, type OutboxEntry } from '../../sync/core/mutations';

export type UploadStage = 'waiting' | 'uploaded' | 'refused';

export interface FileUpload {
  id: string;
  name: string;
  documentType: FileUploadState['documentType'];
  stage: UploadStage;
  /** Why the server (or the device) refused it; null unless refused. */
  reason: string | null;
}

/**
 * Each file's stage: uploaded once answered; refused when an entry naming it failed before it was
 * answered (entries wait for their files, so such a failure is the upload's); else waiting.
 */
export function uploadStages(
  files: readonly FileUploadState[],
  entries: readonly OutboxEntry[],
): FileUpload[] {
  const refusals = new Map<string, string>();
  for (const entry of entries) {
    if (entry.status !== 'failed') continue;
    for (const ref of filesOf(entry)) {
      if (ref.clientFileId !== null) {
        refusals.set(ref.clientFileId, entry.failure?.message ?? '');
      }
    }
  }
  return files.map(({ id, name, documentType, uploaded }) => {
    const reason = uploaded ? undefined : refusals.get(id);
    const stage: UploadStage = uploaded ? 'uploaded' : reason === undefined ? 'waiting' : 'refused';
    return { id, name, documentType, stage, reason: reason ?? null };
  });
}

export interface UploadEnds {
  landed: FileUpload[];
  refused: FileUpload[];
  /** The stages to compare the next reading with. */
  seen: Map<string, UploadStage>;
}

/**
 * The uploads that ended since `seen` (null: the first reading, which only sets the baseline, so
 * opening the app does not repeat old outcomes): a file seen waiting, or not seen before, that is
 * now uploaded or refused. A refused file the user retries is waiting again, and may land later.
 */
export function uploadEnds(
  seen: ReadonlyMap<string, UploadStage> | null,
  now: readonly FileUpload[],
): UploadEnds {
  const landed: FileUpload[] = [];
  const refused: FileUpload[] = [];
  const next = new Map<string, UploadStage>();
  for (const file of now) {
    next.set(file.id, file.stage);
    if (seen === null || file.stage === 'waiting') continue;
    const before = seen.get(file.id);
    if (before !== undefined && before !== 'waiting') continue;
    (file.stage === 'uploaded' ? landed : refused).push(file);
  }
  return { landed, refused, seen: next };
}

export interface UploadNotice {
  color: 'teal' | 'red';
  title: string;
  message: string;
}

const isProductAttachment = (file: FileUpload) =>
  file.documentType === DOCUMENT_TYPES.PRODUCT_ATTACHMENT;

/**
 * The file names in name order (the device holds files by a random id, so the order they were
 * read in says nothing), as many as fit a notice; the rest counted.
 */
function names(files: readonly FileUpload[]): string {
  const sorted = files.map((file) => file.name).sort((a, b) => a.localeCompare(b, 'zh-CN'));
  const shown = sorted.slice(0, 3);
  const more = files.length - shown.length;
  return more > 0 ? `${shown.join('、')} 等${files.length}个文件` : shown.join('、');
}

/**
 * At most two notices for everything that ended together: the success (上传成功！ for product
 * attachments, as purchasing words it; 文件上传成功 when other files are among them) naming the
 * files, and the failure naming each refused file (上传失败：{file}) with the server's reason when
 * one file failed (文件上传失败：msg).
 */
export function uploadNotices(
  landed: readonly FileUpload[],
  refused: readonly FileUpload[],
): UploadNotice[] {
  const notices: UploadNotice[] = [];
  if (landed.length > 0) {
    notices.push({
      color: 'teal',
      title: landed.every(isProductAttachment)
        ? PURCHASING_MESSAGES.UPLOAD_SUCCEEDED
        : FILE_MESSAGES.FILE_SAVED,
      message: names(landed),
    });
  }
  if (refused.length > 0) {
    const [only] = refused;
    const lines =
      refused.length === 1 && only
        ? [
            uploadFailedFor(only.name),
            ...(only.reason ? [uploadFailedWithReason(only.reason)] : []),
          ]
        : [uploadFailedFor(names(refused))];
    notices.push({
      color: 'red',
      title: refused.every(isProductAttachment)
        ? PURCHASING_MESSAGES.UPLOAD_FAILED
        : FILE_MESSAGES.UPLOAD_FAILED,
      message: lines.join('\n'),
    });
  }
  return notices;
}
