/** POST /api/Admin/AccessCodes -> `{ id, code }`: the only time the code itself is ever shown. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, type CreateAccessCodeRequest, type CreatedAccessCode } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys } from './query-keys.ts';

export function createAccessCode(input: CreateAccessCodeRequest): Promise<CreatedAccessCode> {
  return adminFetch<CreatedAccessCode>(ADMIN_PATHS.accessCodes, { method: 'POST', body: input });
}

export function useCreateAccessCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessCode,
    onSuccess: (_answer, input) => queryClient.invalidateQueries({ queryKey: adminKeys.accessCodes(input.event) }),
  });
}
