// The 导出 menu (Excel or CSV) and its dialog: a list as the screen has it (tab, filters, sort), or
// an order's product lines (导出明细), made from the device, so it works offline. Disabled while
// there is nothing to export (an empty or loading list).
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useRef } from 'react';
import { EXPORT_TEXT } from '../../domain/export/exportText';
import { ExportDialog } from './ExportDialog';
import type { ExportFormat, ExportRequest } from './exportFile';
import { useExport } from './useExport';

export interface ExportMenuProps {
  /** The request of either format; null while there is nothing to export. */
  request: ((format: ExportFormat) => ExportRequest) | null;
  /** The button's words: 导出 on the lists. */
  label?: string;
  size?: 'xs' | 'sm';
  testId?: string;
}

export function ExportMenu({
  request,
  label = EXPORT_TEXT.EXPORT,
  size = 'xs',
  testId = 'list-export',
}: ExportMenuProps) {
  const exporting = useExport();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <Button
            ref={button}
            variant="default"
            size={size}
            leftSection={<IconDownload size={14} />}
            rightSection={<IconChevronDown size={12} />}
            disabled={request === null}
            title={request === null ? EXPORT_TEXT.NOTHING : undefined}
            data-testid={testId}
          >
            {label}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => request && exporting.start(request('xlsx'))}>
            {EXPORT_TEXT.EXCEL}
          </Menu.Item>
          <Menu.Item onClick={() => request && exporting.start(request('csv'))}>
            {EXPORT_TEXT.CSV}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ExportDialog exporting={exporting} returnTo={button} />
    </>
  );
}
