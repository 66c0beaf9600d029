// The owner of a sheet or an order on its detail page (purchasing-core §2.3, §2.4): 负责人 with the
// name, what the page marks beside it (the 待同步 mark), and 变更负责人 opening the dialog where the
// page offers it (the page's rules say when: not at SIGN, nor SIGNED for orders).
import { Button, Group, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { OWNER_CHANGE_LABELS } from '../../domain/orders/ownerChange';
import { OwnerChangeDialog } from './OwnerChangeDialog';
import type { OwnerRecordKind } from './useChangeOwner';

export interface OwnerLineProps {
  kind: OwnerRecordKind;
  companyId: number;
  record: { id: number; version: number };
  owner: { id: number; name: string } | null;
  canChange: boolean;
  /** The test id of the owner's name. */
  testId: string;
  children?: ReactNode;
}

export function OwnerLine({
  kind,
  companyId,
  record,
  owner,
  canChange,
  testId,
  children,
}: OwnerLineProps) {
  const [choosing, setChoosing] = useState(false);
  return (
    <Group gap="xs">
      <Text size="sm">
        {OWNER_CHANGE_LABELS.OWNER}：
        <Text span fw={500} data-testid={testId}>
          {owner?.name ?? OWNER_CHANGE_LABELS.NO_OWNER}
        </Text>
      </Text>
      {children}
      {canChange && (
        <Button size="xs" variant="light" onClick={() => setChoosing(true)}>
          {OWNER_CHANGE_LABELS.OPEN}
        </Button>
      )}
      <OwnerChangeDialog
        opened={choosing}
        onClose={() => setChoosing(false)}
        kind={kind}
        companyId={companyId}
        record={{ ...record, ownerContactId: owner?.id ?? null }}
      />
    </Group>
  );
}
