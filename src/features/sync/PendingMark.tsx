// The 待同步 marker of a row that carries an optimistic change not yet on the server (the
// engine sets PENDING_FIELD with the effect; the pulled server row clears it).
import { Badge } from '@mantine/core';
import { SYNC_LABELS } from '../../domain/messages/sync';
import { PENDING_FIELD } from '../../sync/core/types';

export function isPendingRow(row: object): boolean {
  return (row as Record<string, unknown>)[PENDING_FIELD] === true;
}

export function PendingMark({ row }: { row: object }) {
  if (!isPendingRow(row)) return null;
  return (
    <Badge size="sm" variant="light" color="yellow" data-testid="pending-mark">
      {SYNC_LABELS.PENDING}
    </Badge>
  );
}
