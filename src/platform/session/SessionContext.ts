// The session controller and its latest snapshot, provided by SessionProvider.
import { createContext } from 'react';
import type { SessionController } from './sessionController';
import type { SessionSnapshot } from './sessionTypes';

export interface SessionContextValue {
  controller: SessionController;
  snapshot: SessionSnapshot;
}

export const SessionContext = createContext<SessionContextValue | null>(null);
