// The report-export dropdown (报表导出) of the order and sheet detail (settings-messaging-shared
// §2 "Printable documents and report export"): the module's templates, each with its download
// name; choosing one opens the preview, which makes the document on the device from the synced
// rows (so it works offline). 采购合同 first opens the contract-export dialog (its company checks
// and first payment), which leads to the same preview or saves the PDF itself. The permission
// map gates the dropdown and each template by its code (<Permitted>); the server refuses the same.
import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconFileTypePdf } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import type { StoredOrder, StoredSheet } from '../../data/derive';
import { bigOrderWarning } from '../../documents/definitions/bigOrderReport';
import type { DocumentUser } from '../../documents/input';
import {
  type ReportTemplate,
  type TemplateModule,
  templateCodes,
  templateFileName,
  templatesFor,
} from '../../documents/templates';
import { Permitted } from '../../platform/session/Permitted';
import { useSession } from '../../platform/session/useSession';
import { ContractExportDialog } from './ContractExportDialog';
import { DocumentPreview } from './DocumentPreview';
import { DOCUMENT_TEXT } from './documentText';
import { partiesWarning, warningOf } from './documentWarnings';
import type { DocumentRequest } from './renderDocument';
import { type DocumentParties, useDocumentParties } from './useDocumentParties';

interface Chosen {
  request: DocumentRequest;
  fileName: string;
  warning: string | null;
}

interface ReportExportMenuProps {
  module: TemplateModule;
  /** The order or sheet number the file names carry. */
  number: string;
  /** Null while the parties are read: the menu is disabled. */
  choose: ((template: ReportTemplate) => Chosen) | null;
}

function ReportExportMenu({ module, number, choose }: ReportExportMenuProps) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  // A contract first goes through the export dialog (its checks and the first payment).
  const [contract, setContract] = useState<Chosen | null>(null);
  const templates = templatesFor(module);
  // A dialog hands the focus back to what held it when it opened; here that is a menu item (or
  // the contract dialog's 预览), gone by the time the dialog closes, and the focus fell to the
  // page. Moving it to 报表导出 first makes that the element it returns to.
  const trigger = useRef<HTMLButtonElement>(null);
  const pick = (template: ReportTemplate) => {
    if (!choose) return;
    trigger.current?.focus();
    const next = choose(template);
    if (template.kind === 'contract') setContract(next);
    else setChosen(next);
  };
  const contractRequest = contract?.request.module === 'ORDER' ? contract.request : null;
  return (
    <>
      <Menu position="bottom-end" shadow="md" width={280}>
        <Menu.Target>
          <Button
            ref={trigger}
            variant="light"
            leftSection={<IconFileTypePdf size={16} />}
            rightSection={<IconChevronDown size={14} />}
            disabled={choose === null}
            data-testid="report-export"
          >
            {DOCUMENT_TEXT.EXPORT}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {templates.map((template) => {
            const item = (
              <Menu.Item
                key={template.id}
                onClick={() => pick(template)}
                data-testid={`report-template-${template.id}`}
              >
                <Text size="sm">{template.name}</Text>
                <Text size="xs" c="dimmed">
                  {templateFileName(template, number)}
                </Text>
              </Menu.Item>
            );
            return template.permission ? (
              <Permitted key={template.id} code={template.permission}>
                {item}
              </Permitted>
            ) : (
              item
            );
          })}
        </Menu.Dropdown>
      </Menu>
      <ContractExportDialog
        request={contractRequest}
        onPreview={(request) => {
          trigger.current?.focus();
          if (contract) setChosen({ ...contract, request });
          setContract(null);
        }}
        onClose={() => setContract(null)}
      />
      <DocumentPreview
        request={chosen?.request ?? null}
        fileName={chosen?.fileName ?? ''}
        warning={chosen?.warning}
        onClose={() => setChosen(null)}
      />
    </>
  );
}

/** The user and zone every document prints, and the moment it is made. */
function useDocumentCommon(parties: DocumentParties | undefined) {
  const { account } = useSession();
  return useMemo(() => {
    if (!parties) return null;
    const user: DocumentUser = { name: account.name, mobile: account.mobile };
    return () => ({ ...parties, user, timeZone: account.timezone, now: new Date().toISOString() });
  }, [parties, account]);
}

export function OrderReportExport({ order, companyId }: { order: StoredOrder; companyId: number }) {
  const parties = useDocumentParties(companyId, order.supplier_order_node.company_id);
  const common = useDocumentCommon(parties);
  const choose = useMemo(
    () =>
      common &&
      ((template: ReportTemplate): Chosen => {
        const input = { ...common(), order };
        return {
          request: { module: 'ORDER', template, input },
          fileName: templateFileName(template, order.name),
          warning: warningOf(
            template.kind === 'bigOrderReport' ? bigOrderWarning(input) : null,
            partiesWarning(input),
          ),
        };
      }),
    [common, order],
  );
  return (
    <Permitted code={templateCodes('ORDER')}>
      <ReportExportMenu module="ORDER" number={order.name} choose={choose} />
    </Permitted>
  );
}

export function SheetReportExport({ sheet, companyId }: { sheet: StoredSheet; companyId: number }) {
  const parties = useDocumentParties(companyId, sheet.supplier_node.company?.id);
  const common = useDocumentCommon(parties);
  const choose = useMemo(
    () =>
      common &&
      ((template: ReportTemplate): Chosen => {
        const input = { ...common(), sheet };
        return {
          request: { module: 'INQUERY_QUOTATION_SHEET', template, input },
          fileName: templateFileName(template, sheet.name),
          warning: partiesWarning(input),
        };
      }),
    [common, sheet],
  );
  return (
    <Permitted code={templateCodes('INQUERY_QUOTATION_SHEET')}>
      <ReportExportMenu module="INQUERY_QUOTATION_SHEET" number={sheet.name} choose={choose} />
    </Permitted>
  );
}
