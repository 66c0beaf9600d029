// The session's raw state for the route guard and the sign-in pages (loading, signed out, ...).
// Screens inside the signed-in layout use `useSession` instead.
import { useContext } from 'react';
import { SessionContext, type SessionContextValue } from './SessionContext';

export function useSessionState(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSessionState needs SessionProvider (src/app/App.tsx)');
  return value;
}
