import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { logout } from '../../../lib/session.ts';

/** Entering a login page ends any session: logout call, then local and session storage cleared. */
export function useLogoutOnEntry(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void logout(queryClient);
  }, [queryClient]);
}
