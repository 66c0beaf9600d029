// The company-settings calls of settings-messaging-shared §7 "Partners" (they need the server's
// answer: the location lock and the rules are the server's too). Each owns its notifications:
// the spec's success message, or its failure message after the client has shown the server's
// error_message. A success asks the sync worker for the new company row at once.
import { notifications } from '@mantine/notifications';
import { APP_ROUTES as R } from '../../../contract/api/routes';
import { COMPANY_MESSAGES } from '../../../domain/company/messages';
import { COMPANY_SETTINGS_MESSAGES as S } from '../../../domain/company/settingsMessages';
import { FILE_MESSAGES } from '../../../domain/files/messages';
import { DOCUMENT_TYPES } from '../../../domain/files/uploads';
import { useAppServices } from '../../../platform/AppServicesContext';
import { useApi } from '../../../platform/api/useApi';
import { useSyncApi } from '../../../platform/sync/useSyncApi';
import type { invoiceBody } from './settingsForms';

export type CompanyInfoBody = Record<string, string>;
export type InvoiceBody = ReturnType<typeof invoiceBody>;
export type AddressBody = Record<string, string>;

export interface CompanySettingsActions {
  saveInfo(body: CompanyInfoBody): Promise<boolean>;
  uploadLogo(file: File): Promise<boolean>;
  /** POST when the company has no invoice info yet, else PUT to its id. */
  saveInvoice(invoiceId: number | null, body: InvoiceBody): Promise<boolean>;
  /** POST sets the default address (设置), PUT updates it (更新). */
  saveAddress(addressId: number | null, body: AddressBody): Promise<boolean>;
}

export function useCompanySettingsActions(companyId: number): CompanySettingsActions {
  const api = useApi();
  const { session } = useAppServices();
  const sync = useSyncApi();

  async function run(call: () => Promise<unknown>, success: string, failure: string) {
    try {
      await call();
    } catch {
      notifications.show({ color: 'red', message: failure });
      return false;
    }
    notifications.show({ color: 'teal', message: success });
    void sync.pullNow(companyId).catch(() => undefined);
    return true;
  }

  return {
    saveInfo: (body) =>
      run(
        async () => {
          const saved = await api.call(R.saveCompanyInfo, { params: { companyId }, body });
          // The switcher and the offline copy of the account show the new names at once.
          session.companyRenamed(companyId, { name: saved.name, shortName: saved.short_name });
        },
        COMPANY_MESSAGES.INFO_SAVED,
        COMPANY_MESSAGES.INFO_SAVE_FAILED,
      ),
    uploadLogo: (file) =>
      run(
        async () => {
          const form = new FormData();
          form.append('file', file, file.name);
          const { object_name } = await api.call(R.uploadFile, {
            query: { documentType: DOCUMENT_TYPES.COMPANY_LOGO, entityId: String(companyId) },
            body: form,
          });
          await api.call(R.setCompanyLogo, { params: { companyId }, query: { logo: object_name } });
        },
        FILE_MESSAGES.IMAGE_UPLOADED,
        FILE_MESSAGES.IMAGE_UPLOAD_FAILED,
      ),
    saveInvoice: (invoiceId, body) =>
      run(
        () =>
          invoiceId === null
            ? api.call(R.createInvoice, { params: { companyId }, body })
            : api.call(R.updateInvoice, { params: { companyId, invoiceId }, body }),
        S.INVOICE_SAVED,
        S.INVOICE_SAVE_FAILED,
      ),
    saveAddress: (addressId, body) =>
      addressId === null
        ? run(
            () => api.call(R.createAddress, { params: { companyId }, body }),
            COMPANY_MESSAGES.DELIVERY_ADDRESS_SET,
            COMPANY_MESSAGES.DELIVERY_ADDRESS_SET_FAILED,
          )
        : run(
            () => api.call(R.updateAddress, { params: { companyId, addressId }, body }),
            COMPANY_MESSAGES.DELIVERY_ADDRESS_UPDATED,
            COMPANY_MESSAGES.DELIVERY_ADDRESS_UPDATE_FAILED,
          ),
  };
}
