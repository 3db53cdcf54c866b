/** POST /api/Admin/Registrations/{id}/Cancel `{ reason? }` -> the registration as it is now. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, type AdminRegistrationDetail } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { registrationPath } from './get-registration.ts';
import { adminKeys } from './query-keys.ts';

export function cancelRegistration(id: number, reason: string): Promise<AdminRegistrationDetail> {
  return adminFetch<AdminRegistrationDetail>(registrationPath(ADMIN_PATHS.registrationCancel, id), { method: 'POST', body: reason.trim() ? { reason: reason.trim() } : {} });
}

export function useCancelRegistration(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => cancelRegistration(id, reason),
    onSuccess: (detail) => {
      queryClient.setQueryData(adminKeys.registration(id), detail);
      return queryClient.invalidateQueries({ queryKey: adminKeys.registrations() });
    },
  });
}
