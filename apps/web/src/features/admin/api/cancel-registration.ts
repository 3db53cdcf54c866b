/** POST /api/Admin/Registrations/{id}/Cancel `{ reason? }` -> the registration as it is now. */
import { ADMIN_PATHS, type AdminRegistrationDetail } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { registrationPath, useRegistrationChange } from './get-registration.ts';

export function cancelRegistration(id: number, reason: string): Promise<AdminRegistrationDetail> {
  return adminFetch<AdminRegistrationDetail>(registrationPath(ADMIN_PATHS.registrationCancel, id), { method: 'POST', body: reason.trim() ? { reason: reason.trim() } : {} });
}

export const useCancelRegistration = (id: number) => useRegistrationChange(id, (reason: string) => cancelRegistration(id, reason));
