/** GET /api/Admin/Registrations/{id}: one registration with its history from the audit log. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, type AdminRegistrationDetail } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys } from './query-keys.ts';

export const registrationPath = (template: string, id: number) => template.replace('{id}', String(id));

export function getRegistration(id: number, signal?: AbortSignal): Promise<AdminRegistrationDetail> {
  return adminFetch<AdminRegistrationDetail>(registrationPath(ADMIN_PATHS.registration, id), { ...(signal ? { signal } : {}) });
}

export const registrationQuery = (id: number) =>
  queryOptions({ queryKey: adminKeys.registration(id), queryFn: ({ signal }) => getRegistration(id, signal), staleTime: 0, enabled: id > 0 });

export const useRegistration = (id: number) => useQuery(registrationQuery(id));

/** A change to one registration whose answer is the registration as it is now: the detail takes it, the lists reload. */
export function useRegistrationChange<Variables>(id: number, change: (variables: Variables) => Promise<AdminRegistrationDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (detail) => {
      queryClient.setQueryData(adminKeys.registration(id), detail);
      return queryClient.invalidateQueries({ queryKey: adminKeys.registrations() });
    },
  });
}
