// Which of the files a user just picked join the list (settings-messaging-shared §5 "Upload"): each
// must be under 20 MB, an image where only images go, not named like a file already listed
// (该文件已经存在,第N个文件为该文件), and the list may not pass the count limit
// (上传的文件数量限制为N). One refusal message per refused file, in the order picked.
import {
  DEFAULT_FILE_COUNT_LIMIT,
  type FileLike,
  isImageFile,
  validateDuplicateName,
  validateFileCount,
  validateFileSize,
} from './uploads';

export interface UploadSelectionOptions {
  /** Most files the list may hold (default 100). */
  limit?: number;
  /** Only gif, jpeg, png and svg images (avatars, logos). */
  imagesOnly?: boolean;
}

/** ours: a picked file that is not one of the accepted image types. */
export const NOT_AN_IMAGE = '只能上传 gif、jpeg、png、svg 格式的图片';

export function screenUploads<T extends FileLike>(
  picked: readonly T[],
  listed: ReadonlyArray<Pick<FileLike, 'name'>>,
  options: UploadSelectionOptions = {},
): { accepted: T[]; refusals: string[] } {
  const limit = options.limit ?? DEFAULT_FILE_COUNT_LIMIT;
  const accepted: T[] = [];
  const refusals: string[] = [];
  let countRefused = false;
  for (const file of picked) {
    const problem =
      validateFileSize(file) ??
      (options.imagesOnly && !isImageFile(file) ? NOT_AN_IMAGE : null) ??
      validateDuplicateName(file.name, [...listed, ...accepted]);
    if (problem) {
      refusals.push(problem);
      continue;
    }
    const countProblem = validateFileCount(listed.length + accepted.length + 1, limit);
    if (countProblem) {
      // Said once: every later file is refused for the same reason.
      if (!countRefused) refusals.push(countProblem);
      countRefused = true;
      continue;
    }
    accepted.push(file);
  }
  return { accepted, refusals };
}
