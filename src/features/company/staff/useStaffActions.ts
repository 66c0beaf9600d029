// The staff calls of settings-messaging-shared §7 "Partners" (they need the server's answer: the
// transitions and the sign-in refusal are the server's). Each owns its notifications: the spec's
// success message, or its failure message after the API client has shown the server's
// error_message. A success asks the sync worker for the new staff rows at once.
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { APP_ROUTES as R } from '../../../contract/api/routes';
import type { Employee, EmployeeBody, LoginUser } from '../../../contract/api/staff';
import { STAFF_MESSAGES as M, restoreSuccessMessage } from '../../../domain/staff/messages';
import { loginUserSearchParams } from '../../../domain/staff/validation';
import { useApi } from '../../../platform/api/useApi';
import { useSyncApi } from '../../../platform/sync/useSyncApi';

export interface StaffActions {
  /** The full record for the edit form (birthday, comment are not synced), or null on failure. */
  load(id: number): Promise<Employee | null>;
  add(body: EmployeeBody): Promise<boolean>;
  edit(id: number, body: EmployeeBody): Promise<boolean>;
  handOver(id: number, successorId: number): Promise<boolean>;
  restore(employee: { id: number; name: string }): Promise<boolean>;
  remove(id: number): Promise<boolean>;
  searchLoginUsers(input: string): Promise<LoginUser[]>;
}

export function useStaffActions(companyId: number): StaffActions {
  const api = useApi();
  const sync = useSyncApi();
  // Stable across renders: dialogs load and search in effects that depend on these functions.
  return useMemo(() => staffActions(api, sync, companyId), [api, sync, companyId]);
}

function staffActions(
  api: ReturnType<typeof useApi>,
  sync: ReturnType<typeof useSyncApi>,
  companyId: number,
): StaffActions {
  async function run(call: () => Promise<unknown>, success: string, failure: string) {
    try {
      await call();
    } catch {
      notifications.show({ color: 'red', message: failure });
      // §7 "Handling of answers": a failed list operation refreshes the list.
      void sync.pullNow(companyId).catch(() => undefined);
      return false;
    }
    notifications.show({ color: 'teal', message: success });
    await sync.pullNow(companyId).catch(() => undefined);
    return true;
  }

  return {
    load: async (id) => {
      try {
        const { items } = await api.call(R.listEmployees, { params: { companyId } });
        return items.find((e) => e.id === id) ?? null;
      } catch {
        return null;
      }
    },
    add: (body) =>
      run(
        () => api.call(R.createEmployee, { params: { companyId }, body }),
        M.ADD_SUCCESS,
        M.ADD_FAILURE,
      ),
    edit: (id, body) =>
      run(
        () => api.call(R.updateEmployee, { params: { companyId, employeeId: id }, body }),
        M.EDIT_SUCCESS,
        M.EDIT_FAILURE,
      ),
    handOver: (id, successorId) =>
      run(
        () =>
          api.call(R.handOverEmployee, {
            params: { companyId, employeeId: id },
            body: { handover_user_id: successorId },
          }),
        M.HANDOVER_SUCCESS,
        M.HANDOVER_FAILURE,
      ),
    restore: ({ id, name }) =>
      run(
        () => api.call(R.restoreEmployee, { params: { companyId, employeeId: id } }),
        restoreSuccessMessage(name),
        M.RESTORE_FAILURE,
      ),
    remove: (id) =>
      run(
        () => api.call(R.deleteEmployee, { params: { companyId, employeeId: id } }),
        M.DELETE_SUCCESS,
        M.DELETE_FAILURE,
      ),
    searchLoginUsers: async (input) => {
      const query = loginUserSearchParams(input);
      if (Object.keys(query).length === 0) return [];
      try {
        const { items } = await api.call(R.searchLoginUsers, {
          params: { companyId },
          query,
          quiet: true,
        });
        return items;
      } catch {
        return [];
      }
    },
  };
}
