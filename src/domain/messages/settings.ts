// The settings, messaging and shared-services catalogue (settings-messaging-shared §5 and §8):
// every message those sections word, by area. Each area keeps its messages next to its rules;
// this module gathers them so the catalogue can be read (and tested) in one place. HTTP
// 401/403/413, "no company bound" and copy live in ./common; the product-entry and wrong
// brand/product messages are shared with purchasing and live in ./purchasing.

import { ACCOUNT_MESSAGES } from '../account/messages';
import { COMPANY_MESSAGES } from '../company/messages';
import { DOCUMENT_MESSAGES } from '../documents/messages';
import { ENUM_WIDGET_MESSAGES } from '../enums/messages';
import { FILE_MESSAGES } from '../files/messages';
import { NO_PERMISSION_TEXT } from '../routes';
import { STAFF_MESSAGES } from '../staff/messages';
import { TODO_MESSAGES } from '../todos/messages';
import { PRODUCT_ENTRY_MESSAGES, PURCHASING_MESSAGES } from './purchasing';

export { ACCOUNT_MESSAGES, resendCountdownLabel } from '../account/messages';
export { COMPANY_MESSAGES } from '../company/messages';
export { DOCUMENT_MESSAGES, firstPaymentRangeMessage } from '../documents/messages';
export { ENUM_WIDGET_MESSAGES } from '../enums/messages';
export {
  duplicateFileMessage,
  FILE_MESSAGES,
  fileCountLimitMessage,
  uploadFailedFor,
  uploadFailedWithReason,
} from '../files/messages';
export { NO_PERMISSION_TEXT } from '../routes';
export { restoreConfirmMessage, restoreSuccessMessage, STAFF_MESSAGES } from '../staff/messages';
export { TODO_MESSAGES, takeOverConfirmation } from '../todos/messages';

/** The shared widgets' messages (§5 "Shared widgets"), wherever their rules live. */
export const SHARED_WIDGET_MESSAGES = {
  PHONE_FORMAT_INVALID: COMPANY_MESSAGES.PHONE_FORMAT_INVALID,
  PRODUCT_SEARCH_TOO_SHORT: PRODUCT_ENTRY_MESSAGES.product.TOO_SHORT,
  TYPE_ARTICLE_NO_TOO_SHORT: PRODUCT_ENTRY_MESSAGES.typeArticleNo.TOO_SHORT,
  TYPE_ARTICLE_NO_CHINESE: PRODUCT_ENTRY_MESSAGES.typeArticleNo.CHINESE_CHARACTERS,
  WRONG_BRAND: PURCHASING_MESSAGES.WRONG_BRAND,
  WRONG_PRODUCT: PURCHASING_MESSAGES.WRONG_PRODUCT,
  TAG_EMPTY: ENUM_WIDGET_MESSAGES.TAG_EMPTY,
  TAG_DUPLICATE: ENUM_WIDGET_MESSAGES.TAG_DUPLICATE,
} as const;

/** The fixed texts by area; templated ones are the functions re-exported above. */
export const SETTINGS_MESSAGES = {
  account: ACCOUNT_MESSAGES,
  company: COMPANY_MESSAGES,
  documents: DOCUMENT_MESSAGES,
  files: FILE_MESSAGES,
  staff: STAFF_MESSAGES,
  todos: TODO_MESSAGES,
  widgets: SHARED_WIDGET_MESSAGES,
  shell: { NO_PERMISSION: NO_PERMISSION_TEXT },
} as const;
