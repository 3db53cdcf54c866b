/**
 * The hosted registration page's calls (docs/registration-providers.md): `GET` and `POST
 * /api/Registration/{token}`. Public: the token in the link is the credential.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { RegistrationPage, RegistrationSubmit, RegistrationSummary } from '@portal/contracts';
import { ApiError, apiGet, apiPost } from '../../../lib/api-client.ts';
import { pageText } from '../../../i18n/page-text.ts';

const path = (token: string) => `/api/Registration/${encodeURIComponent(token)}`;

export const registrationKeys = {
  page: (token: string) => ['registration', token] as const,
};

export function registrationQuery(token: string) {
  return queryOptions({
    queryKey: registrationKeys.page(token),
    queryFn: async ({ signal }): Promise<RegistrationPage> => {
      const envelope = await apiGet<RegistrationPage>(path(token), undefined, signal);
      if (!envelope.succeeded || !envelope.data) throw new ApiError(200, envelope.message ?? pageText('api.registrationReadFailed'), envelope);
      return envelope.data;
    },
    // The page is a form over one registration: refetching under the attendee's hands would reset it.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useRegistration(token: string) {
  return useQuery(registrationQuery(token));
}

export async function submitRegistration(token: string, body: RegistrationSubmit): Promise<RegistrationSummary> {
  const envelope = await apiPost<RegistrationSummary>(path(token), body);
  if (!envelope.succeeded || !envelope.data) throw new ApiError(200, envelope.message ?? pageText('api.registrationSaveFailed'), envelope);
  return envelope.data;
}

export function useSubmitRegistration(token: string) {
  return useMutation({ mutationFn: (body: RegistrationSubmit) => submitRegistration(token, body) });
}

/** Statuses after which the link cannot be used any more: unknown, used or completed, expired. */
export function isDeadLink(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 404 || error.status === 409 || error.status === 410);
}
