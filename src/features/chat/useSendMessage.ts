// Sending a chat message through the outbox ('message.post'), so it works offline: the message
// shows at once in the thread (marked 发送中) and the engine uploads its attachments, then posts
// it, when the network allows. The attachments are kept on the device first (checked by the
// domain's upload rules); a file refused there, or a storage fault, is reported and nothing is
// queued.

import type { ChatContact } from '../../contract/api/chat';
import { DOCUMENT_TYPES } from '../../domain/files/uploads';
import { messageRecipient, outgoingSubject } from '../../domain/todos/messagePanel';
import { CHAT_MESSAGES } from '../../domain/todos/messages';
import { useSession } from '../../platform/session/useSession';
import { useSyncApi } from '../../platform/sync/useSyncApi';
import { useSyncWrite } from '../../platform/sync/useSyncWrite';
import { enqueueRefusal } from '../../sync/core/lifecycle';
import type { FileRef } from '../../sync/core/mutations/spec';
import type { StoreFileResult } from '../../sync/engine/files';
import type { ChatTarget } from './chatTarget';

export interface OutgoingMessage {
  text: string;
  files: readonly File[];
  /** Photos as chosen (原图); otherwise shrunk before they are queued (sync/engine/photos.ts). */
  originals?: boolean;
}

/** Resolves to null once queued, else to the message to show (nothing was queued). */
export type SendMessage = (message: OutgoingMessage) => Promise<string | null>;

export function useSendMessage(target: ChatTarget, contact: ChatContact | null): SendMessage {
  const { account, companies, currentCompany } = useSession();
  const write = useSyncWrite();
  const sync = useSyncApi();
  return async ({ text, files, originals = false }) => {
    const companyId = currentCompany.id;
    try {
      const refs: FileRef[] = [];
      for (const file of files) {
        const stored = await write<StoreFileResult>((api) =>
          api.storeFile(companyId, {
            blob: file,
            name: file.name,
            contentType: file.type || 'application/octet-stream',
            documentType: DOCUMENT_TYPES.TODO_ATTACHMENT,
            keepOriginal: originals,
          }),
        );
        if (!stored.ok) return stored.message;
        refs.push(stored.file);
      }
      const to = messageRecipient(contact);
      const subject = outgoingSubject(
        text,
        { companyId: to.companyId, contactName: to.contactName ?? '' },
        companies.map((c) => c.id),
      );
      const todoId = await sync.temporaryId();
      await write((api) =>
        api.enqueue(companyId, {
          type: 'message.post',
          payload: {
            todoId,
            module: target.module,
            moduleId: target.moduleId,
            moduleNumber: target.moduleNumber,
            subject,
            to,
            from: {
              contactId: currentCompany.contactId,
              contactName: account.name,
              companyName: currentCompany.name,
              avatar: account.avatar,
            },
            files: refs,
          },
        }),
      );
      return null;
    } catch (error) {
      // A thread of a sheet whose create was discarded: the engine's reason, not "try again".
      return enqueueRefusal(error) ?? CHAT_MESSAGES.SAVE_FAILED;
    }
  };
}
