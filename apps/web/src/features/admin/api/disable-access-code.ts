/** POST /api/Admin/AccessCodes/{id}/Disable: the code admits no more logins. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, type AdminAccessCode } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys } from './query-keys.ts';

export function disableAccessCode(id: number): Promise<AdminAccessCode> {
  return adminFetch<AdminAccessCode>(ADMIN_PATHS.accessCodeDisable.replace('{id}', String(id)), { method: 'POST', body: {} });
}

export function useDisableAccessCode(event: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableAccessCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.accessCodes(event) }),
  });
}
