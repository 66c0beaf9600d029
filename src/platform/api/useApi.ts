// The main thread's API client (src/platform/api/apiClient.ts) for feature hooks: bearer token,
// current company and the spec's failure messages included.
import { useAppServices } from '../AppServicesContext';
import type { ApiClient } from './apiClient';

export function useApi(): ApiClient {
  return useAppServices().api;
}
