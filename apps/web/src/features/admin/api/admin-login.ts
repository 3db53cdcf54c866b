/** POST /Admin/Login `{ email, password, totp? }` -> `data.accessToken`, and POST /Admin/Logout. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, type AdminLoginData, type AdminLoginRequest } from '@portal/contracts';
import { clearAdminSession, getAdminToken, setAdminSession } from '../utils/admin-session.ts';
import { adminFetch } from './admin-client.ts';
import { adminKeys } from './query-keys.ts';

export function adminLogin(input: AdminLoginRequest): Promise<AdminLoginData> {
  return adminFetch<AdminLoginData>(ADMIN_PATHS.login, { method: 'POST', body: input, anonymous: true });
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: (answer) => {
      queryClient.removeQueries({ queryKey: adminKeys.all });
      setAdminSession({
        accessToken: answer.accessToken,
        email: answer.organizer.email,
        expiresAt: answer.expiresAt,
        mustChangePassword: answer.organizer.mustChangePassword,
      });
    },
  });
}

/** Revokes the token on the server; the session ends here whatever the answer. */
export async function adminLogout(): Promise<void> {
  if (!getAdminToken()) return;
  try {
    await adminFetch<null>(ADMIN_PATHS.logout, { method: 'POST', body: {} });
  } catch {
    // Ending the session locally is what matters; an expired token is already useless.
  }
}

export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogout,
    onSettled: () => {
      clearAdminSession();
      queryClient.removeQueries({ queryKey: adminKeys.all });
    },
  });
}
