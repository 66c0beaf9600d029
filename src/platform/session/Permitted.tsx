// The one gate for what the permission map hides (purchasing-core §6: an element shows if any of
// its keys is present): its children render only when the current company holds one of the codes.
// The server refuses the same actions with 403 (server/routes/templates.ts), so this is a view.
import type { ReactNode } from 'react';
import type { PermissionCode } from '../../domain/account/permissionCodes';
import { useSession } from './useSession';

interface PermittedProps {
  /** One code or several; shown when any is present. An empty list shows nothing. */
  code: PermissionCode | readonly PermissionCode[];
  children: ReactNode;
  /** What shows instead (nothing by default). */
  fallback?: ReactNode;
}

export function Permitted({ code, children, fallback = null }: PermittedProps) {
  const { can } = useSession();
  const codes: readonly PermissionCode[] = typeof code === 'string' ? [code] : code;
  return <>{can(codes) ? children : fallback}</>;
}
