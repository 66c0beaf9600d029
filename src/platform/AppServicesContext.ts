// The tab's services (src/app/appServices.ts), provided once by App for the hooks that need them.
import { createContext, useContext } from 'react';
import type { AppServices } from '../app/appServices';

export const AppServicesContext = createContext<AppServices | null>(null);

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices needs AppServicesContext (src/app/App.tsx)');
  return services;
}
