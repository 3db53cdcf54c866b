/** POST /api/Admin/Outbox/{id}/Resend: the mail is queued again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, type OutboxMail } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys } from './query-keys.ts';

export function resendOutboxMail(id: number): Promise<OutboxMail> {
  return adminFetch<OutboxMail>(ADMIN_PATHS.outboxResend.replace('{id}', String(id)), { method: 'POST', body: {} });
}

export function useResendOutboxMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendOutboxMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'outbox'] }),
  });
}
