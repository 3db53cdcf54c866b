/** POST /api/Admin/Registrations/{id}/Dates `{ isVirtual, arrivalDate, departureDate }`. */
import { ADMIN_PATHS, type AdminRegistrationDetail, type RegistrationDatesRequest } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { registrationPath, useRegistrationChange } from './get-registration.ts';

export function changeRegistrationDates(id: number, dates: RegistrationDatesRequest): Promise<AdminRegistrationDetail> {
  return adminFetch<AdminRegistrationDetail>(registrationPath(ADMIN_PATHS.registrationDates, id), { method: 'POST', body: dates });
}

export const useChangeRegistrationDates = (id: number) => useRegistrationChange(id, (dates: RegistrationDatesRequest) => changeRegistrationDates(id, dates));
