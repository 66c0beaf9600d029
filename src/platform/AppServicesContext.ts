// The tab's services, made once at boot by the composition root (src/app/appServices.ts) and
// provided by App for the hooks that need them. Declared here, below the features, so that the
// features and the platform hooks name them without importing the app.
import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '../domain/config/runtimeConfig';
import type { ApiClient } from './api/apiClient';
import type { SessionController } from './session/sessionController';
import type { SyncConnection } from './sync/syncConnection';

export interface AppServices {
  /** The runtime config the app started with (config.json). */
  config: RuntimeConfig;
  session: SessionController;
  api: ApiClient;
  sync: SyncConnection;
}

export const AppServicesContext = createContext<AppServices | null>(null);

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices needs AppServicesContext (src/app/App.tsx)');
  return services;
}
