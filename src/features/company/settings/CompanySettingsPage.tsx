// Company settings /user/company-setting (settings-messaging-shared §2 "Company settings",
// administrators only: the route guard refuses others, the server too). Four areas: company
// info, the VIP box (VIP companies only), invoice info and the default delivery address. They
// show the synced company row, so the page opens offline read-only (the saves need the server).
import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import {
  COMPANY_SETTINGS_LABELS as L,
  COMPANY_SETTINGS_MESSAGES as S,
} from '../../../domain/company/settingsMessages';
import { COMMON_MESSAGES } from '../../../domain/messages/common';
import { useOnline } from '../../../platform/session/useOnline';
import { useSession } from '../../../platform/session/useSession';
import { useCompanyRow } from '../../common/useCompanyRow';
import { useConfirm } from '../../common/useConfirm';
import { CompanyInfoSection } from './CompanyInfoSection';
import { DeliveryAddressSection } from './DeliveryAddressSection';
import { InvoiceSection } from './InvoiceSection';
import { formKey, infoFormOf } from './settingsForms';
import { useCompanySettingsActions } from './useCompanySettingsActions';
import { VipBox } from './VipBox';

export function CompanySettingsPage() {
  const { currentCompany } = useSession();
  const companyId = currentCompany.id;
  const company = useCompanyRow(companyId);
  const online = useOnline();
  const actions = useCompanySettingsActions(companyId);
  const [confirm, confirmDialog] = useConfirm();
  const readOnly = !online;

  return (
    <Stack maw={960} mx="auto" gap="md" data-testid="company-settings">
      <Title order={2} size="h3">
        {L.TITLE}
      </Title>
      {confirmDialog}
      {readOnly && (
        <Alert
          color="yellow"
          data-testid="company-settings-offline"
          title={COMMON_MESSAGES.OFFLINE_ACTION}
        >
          {S.OFFLINE_READ_ONLY}
        </Alert>
      )}
      {company === undefined && (
        <Center py="xl">
          <Loader aria-label={L.LOADING} />
        </Center>
      )}
      {company === null && <Alert color="gray">{S.NOT_SYNCED}</Alert>}
      {company && (
        <>
          <CompanyInfoSection
            key={`info:${formKey(infoFormOf(company))}`}
            company={company}
            actions={actions}
            confirm={confirm}
            readOnly={readOnly}
          />
          {company.vip === true && <VipBox company={company} />}
          <InvoiceSection
            key={`invoice:${company.country ?? ''}:${formKey(company.invoice ?? null)}`}
            company={company}
            actions={actions}
            readOnly={readOnly}
          />
          <DeliveryAddressSection
            key={`address:${formKey(company.default_address ?? null)}`}
            company={company}
            actions={actions}
            readOnly={readOnly}
          />
        </>
      )}
    </Stack>
  );
}
