/**
 * POST /api/Admin/Me/Password `{ currentPassword, newPassword }`: required after a one-time password.
 * The change ends every session of the account; the answer's fresh token continues this one.
 */
import { useMutation } from '@tanstack/react-query';
import { ADMIN_PATHS, type ChangePasswordData, type ChangePasswordRequest } from '@portal/contracts';
import { getAdminSession, setAdminSession } from '../utils/admin-session.ts';
import { adminFetch } from './admin-client.ts';

export function changePassword(input: ChangePasswordRequest): Promise<ChangePasswordData | null> {
  return adminFetch<ChangePasswordData | null>(ADMIN_PATHS.password, { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (fresh) => {
      const session = getAdminSession();
      if (session) setAdminSession({ ...session, ...(fresh ? { accessToken: fresh.accessToken, expiresAt: fresh.expiresAt } : {}), mustChangePassword: false });
    },
  });
}
