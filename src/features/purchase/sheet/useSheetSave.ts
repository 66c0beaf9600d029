// Saving the sheet form through the outbox, so it works offline (DESIGN §4): a new sheet is
// created under a temporary id ('sheet.create', as a draft or sent at once) and shows in the
// lists straight away, marked 待同步; a draft's lines are saved with 'sheet.saveDraft' on the
// version the user edited. The hook owns its notifications.

import { notifications } from '@mantine/notifications';
import type { StoredSheet } from '../../../data/derive';
import { STORAGE_MESSAGES } from '../../../domain/messages/common';
import { SHEET_MESSAGES } from '../../../domain/purchase/sheetText';
import { useOnline } from '../../../platform/session/useOnline';
import { useSession } from '../../../platform/session/useSession';
import { useSyncWrite } from '../../../platform/sync/useSyncWrite';
import { enqueueRefusal } from '../../../sync/core/lifecycle';
import { createPayload, type SheetFormState, saveDraftPayload } from './sheetFormValues';

export interface SheetSave {
  /** Resolves to the new sheet's temporary id, or null when it could not be kept. */
  create(form: SheetFormState, saveToDraft: boolean): Promise<number | null>;
  /** Resolves true once the draft's change is safely in the outbox. */
  saveDraft(form: SheetFormState, sheet: Pick<StoredSheet, 'id' | 'version'>): Promise<boolean>;
}

export function useSheetSave(companyId: number): SheetSave {
  const write = useSyncWrite();
  const online = useOnline();
  const { account, currentCompany } = useSession();
  const saved = () =>
    notifications.show({
      color: 'teal',
      message: online ? SHEET_MESSAGES.SAVED : SHEET_MESSAGES.SAVED_LOCALLY,
    });
  // Enqueue fails only when the device cannot store it (quota, storage lost).
  const failed = (error: unknown) =>
    notifications.show({ color: 'red', message: enqueueRefusal(error) ?? STORAGE_MESSAGES.other });

  return {
    async create(form, saveToDraft) {
      try {
        const sheetId = await write((api) => api.temporaryId());
        const payload = createPayload(form, {
          sheetId,
          saveToDraft,
          owner: { id: currentCompany.contactId, name: account.name },
        });
        await write((api) => api.enqueue(companyId, { type: 'sheet.create', payload }));
        saved();
        return sheetId;
      } catch (error) {
        failed(error);
        return null;
      }
    },
    async saveDraft(form, sheet) {
      try {
        const payload = saveDraftPayload(form, sheet);
        await write((api) => api.enqueue(companyId, { type: 'sheet.saveDraft', payload }));
        saved();
        return true;
      } catch (error) {
        failed(error);
        return false;
      }
    },
  };
}
