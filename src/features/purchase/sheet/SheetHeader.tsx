// The head of the sheet detail (purchasing-core §2.3): the sheet number with 复制, its state tag
// with the change time, the owner with 变更负责人 (not at SIGN; works offline through the outbox),
// the brand's logo linking to the brand's public website, and the 待同步 mark while a change waits.
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { StoredSheet } from '../../../data/derive';
import { formatDateTime } from '../../../domain/format/date';
import {
  isSheetState,
  SHEET_STATE_GROUP,
  type SheetStateGroup,
  sheetStateLabel,
} from '../../../domain/purchase/sheetStates';
import { SHEET_LABELS } from '../../../domain/purchase/sheetText';
import { useSession } from '../../../platform/session/useSession';
import { ChatButton } from '../../chat/ChatButton';
import { sheetChatTarget } from '../../chat/chatTarget';
import { CopyNumber } from '../../common/CopyNumber';
import { SheetReportExport } from '../../documents/ReportExportMenu';
import { BrandLogo } from '../../orders/detail/BrandLogo';
import { OwnerLine } from '../../owners/OwnerLine';
import { PendingMark } from '../../sync/PendingMark';

const GROUP_COLORS: Record<SheetStateGroup, string> = {
  DRAFT: 'gray',
  INQUIRED: 'blue',
  QUOTE_UNREAD: 'orange',
  REPLIED: 'teal',
  ORDERING: 'violet',
  AWAITING_PAYMENT: 'yellow',
  CANCELLED: 'red',
  AWAITING_RECEIPT: 'cyan',
  NO_QUOTE: 'gray',
  SIGNED: 'green',
};

export function SheetStateBadge({ state }: { state: string }) {
  const color = isSheetState(state) ? GROUP_COLORS[SHEET_STATE_GROUP[state]] : 'gray';
  return (
    <Badge color={color} variant="light" size="lg" data-testid="sheet-state" data-state={state}>
      {sheetStateLabel(state)}
    </Badge>
  );
}

export interface SheetHeaderProps {
  sheet: StoredSheet;
  companyId: number;
  canChangeOwner: boolean;
}

export function SheetHeader({ sheet, companyId, canChangeOwner }: SheetHeaderProps) {
  const { account } = useSession();
  const owner = sheet.current_node.contacts_user;
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={3} data-testid="sheet-number">
              {sheet.name || SHEET_LABELS.CREATE_TITLE}
            </Title>
            {sheet.name && <CopyNumber value={sheet.name} />}
            <SheetStateBadge state={sheet.state} />
            <PendingMark row={sheet} />
          </Group>
          <Text size="sm" c="dimmed">
            {SHEET_LABELS.STATE_CHANGED_AT}：
            {formatDateTime(sheet.state_change_time, account.timezone)}
          </Text>
          <OwnerLine
            kind="sheet"
            companyId={companyId}
            record={{ id: sheet.id, version: sheet.version }}
            owner={owner}
            canChange={canChangeOwner}
            testId="sheet-owner"
          />
        </Stack>
        <Group gap="sm" align="flex-start">
          <SheetReportExport sheet={sheet} companyId={companyId} />
          <ChatButton target={sheetChatTarget(sheet)} />
          <BrandLogo brand={sheet.brand} />
        </Group>
      </Group>
    </Paper>
  );
}
