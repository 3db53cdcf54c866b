/** PUT /api/Admin/People/{id}: a roster entry's fields and report scope. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, type AdminPerson, type UpdatePersonRequest } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys } from './query-keys.ts';

export function updatePerson(id: number, update: UpdatePersonRequest): Promise<AdminPerson> {
  return adminFetch<AdminPerson>(ADMIN_PATHS.person.replace('{id}', String(id)), { method: 'PUT', body: update });
}

export function useUpdatePerson(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: UpdatePersonRequest) => updatePerson(id, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.people() }),
  });
}
