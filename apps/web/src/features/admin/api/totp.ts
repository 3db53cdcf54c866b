/**
 * The signed-in organizer's own account: GET /api/Admin/Me, and two-factor sign-in (TOTP):
 * POST /api/Admin/Me/Totp `{ password }` (a new secret), /Confirm `{ code }` (on), /Disable `{ password } | { code }` (off).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, type Organizer, type TotpConfirmRequest, type TotpDisableRequest, type TotpSetupData, type TotpSetupRequest } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys } from './query-keys.ts';

export function getMe(signal?: AbortSignal): Promise<Organizer> {
  return adminFetch<Organizer>(ADMIN_PATHS.me, signal ? { signal } : {});
}

export const meQuery = () => queryOptions({ queryKey: adminKeys.me(), queryFn: ({ signal }) => getMe(signal) });
export const useMe = () => useQuery(meQuery());

export function startTotp(input: TotpSetupRequest): Promise<TotpSetupData> {
  return adminFetch<TotpSetupData>(ADMIN_PATHS.totpSetup, { method: 'POST', body: input });
}

export function confirmTotp(input: TotpConfirmRequest): Promise<Organizer> {
  return adminFetch<Organizer>(ADMIN_PATHS.totpConfirm, { method: 'POST', body: input });
}

export function disableTotp(input: TotpDisableRequest): Promise<Organizer> {
  return adminFetch<Organizer>(ADMIN_PATHS.totpDisable, { method: 'POST', body: input });
}

export const useStartTotp = () => useMutation({ mutationFn: startTotp });

/** Confirm and disable answer the account as it is now: the `me` query takes it as is. */
function useAccountChange<I>(mutationFn: (input: I) => Promise<Organizer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (organizer) => {
      queryClient.setQueryData(adminKeys.me(), organizer);
      void queryClient.invalidateQueries({ queryKey: adminKeys.organizers() });
    },
  });
}

export const useConfirmTotp = () => useAccountChange(confirmTotp);
export const useDisableTotp = () => useAccountChange(disableTotp);
