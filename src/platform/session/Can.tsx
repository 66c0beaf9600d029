// Shows its children only when the current company grants any of the keys (spec §2 "Menu entries
// are shown by permission codes from a permissions map").
import type { ReactNode } from 'react';
import type { PermissionKey } from '../../domain/account/permissions';
import { useSession } from './useSession';

export function Can({ keys, children }: { keys: readonly PermissionKey[]; children: ReactNode }) {
  const session = useSession();
  return session.can(keys) ? children : null;
}
