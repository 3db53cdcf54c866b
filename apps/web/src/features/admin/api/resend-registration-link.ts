/** POST /api/Admin/Registrations/{id}/ResendLink: a new link for the attendee (older unused ones retire). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, type ResendLinkData } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { registrationPath } from './get-registration.ts';
import { adminKeys } from './query-keys.ts';

export function resendRegistrationLink(id: number): Promise<ResendLinkData> {
  return adminFetch<ResendLinkData>(registrationPath(ADMIN_PATHS.registrationResendLink, id), { method: 'POST', body: {} });
}

export function useResendRegistrationLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendRegistrationLink(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.registration(id) }),
  });
}
