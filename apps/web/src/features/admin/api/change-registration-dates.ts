/** POST /api/Admin/Registrations/{id}/Dates `{ isVirtual, arrivalDate, departureDate }`. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, type AdminRegistrationDetail, type RegistrationDatesRequest } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { registrationPath } from './get-registration.ts';
import { adminKeys } from './query-keys.ts';

export function changeRegistrationDates(id: number, dates: RegistrationDatesRequest): Promise<AdminRegistrationDetail> {
  return adminFetch<AdminRegistrationDetail>(registrationPath(ADMIN_PATHS.registrationDates, id), { method: 'POST', body: dates });
}

export function useChangeRegistrationDates(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dates: RegistrationDatesRequest) => changeRegistrationDates(id, dates),
    onSuccess: (detail) => {
      queryClient.setQueryData(adminKeys.registration(id), detail);
      return queryClient.invalidateQueries({ queryKey: adminKeys.registrations() });
    },
  });
}
