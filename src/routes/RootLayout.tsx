// The frame around every route: the guard decides per path from the route table in src/domain
// (public, login, admin, and the module code a page's menu entry needs). Signed-in pages get the sync connection and the shell; public pages
// and the sign-in callback render bare while nobody is signed in.
import { Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import type { PermissionCode } from '../domain/account/permissionCodes';
import { guardDecision, NO_PERMISSION_PATH, routeAccess } from '../domain/routes';
import { Shell } from '../features/shell/Shell';
import { OutdatedData } from '../features/sync/OutdatedData';
import { AUTH_CALLBACK_PATH } from '../platform/auth/returnTo';
import { SessionGate } from '../platform/session/SessionGate';
import { useSession } from '../platform/session/useSession';
import { useSessionState } from '../platform/session/useSessionState';
import { SyncProvider } from '../platform/sync/SyncProvider';

function SignedInLayout({ pathname }: { pathname: string }) {
  const { isAdmin, can } = useSession();
  const holds = (code: PermissionCode) => can([code]);
  if (guardDecision(pathname, { signedIn: true, isAdmin, holds }) === 'no-permission') {
    return <Navigate to={NO_PERMISSION_PATH} replace />;
  }
  return (
    <SyncProvider outdated={(userId) => <OutdatedData userId={userId} />}>
      <Shell />
    </SyncProvider>
  );
}

export function RootLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { snapshot } = useSessionState();
  const signedIn = snapshot.phase.status === 'signed-in';
  if (pathname === AUTH_CALLBACK_PATH) return <Outlet />;
  if (routeAccess(pathname) === 'public' && !signedIn) return <Outlet />;
  return (
    <SessionGate>
      <SignedInLayout pathname={pathname} />
    </SessionGate>
  );
}
