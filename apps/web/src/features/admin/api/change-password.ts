/** POST /api/Admin/Me/Password `{ currentPassword, newPassword }`: required after a one-time password. */
import { useMutation } from '@tanstack/react-query';
import { ADMIN_PATHS, type ChangePasswordRequest } from '@portal/contracts';
import { getAdminSession, setAdminSession } from '../utils/admin-session.ts';
import { adminFetch } from './admin-client.ts';

export function changePassword(input: ChangePasswordRequest): Promise<null> {
  return adminFetch<null>(ADMIN_PATHS.password, { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      const session = getAdminSession();
      if (session) setAdminSession({ ...session, mustChangePassword: false });
    },
  });
}
