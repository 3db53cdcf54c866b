/**
 * The program in the console (docs/sessions.md): GET /api/Admin/Sessions?event=, GET
 * /api/Admin/Sessions/{id}/People, POST /api/Admin/Sessions/{id}/Cancel.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SESSIONS_PATHS, type AdminSession, type AdminSessionPerson, type Paged } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys } from './query-keys.ts';

const withId = (path: string, id: number) => path.replace('{id}', String(id));
const sessionsKey = [...adminKeys.all, 'sessions'] as const;

export const useAdminSessions = (event: string) =>
  useQuery({
    queryKey: [...sessionsKey, event],
    queryFn: ({ signal }) => adminFetch<Paged<AdminSession>>(SESSIONS_PATHS.adminSessions, { query: event ? { event } : {}, signal }),
  });

export const useSessionPeople = (id: number | null) =>
  useQuery({
    queryKey: [...sessionsKey, 'people', id],
    queryFn: ({ signal }) => adminFetch<Paged<AdminSessionPerson>>(withId(SESSIONS_PATHS.adminSessionPeople, id ?? 0), { signal }),
    enabled: id !== null,
  });

export function useCancelSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminFetch<AdminSession>(withId(SESSIONS_PATHS.adminSessionCancel, id), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
