/** PUT /api/Admin/Events/{eventType}: dates, registration window, virtual flag, capacity, seats, reminders. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, type AdminEvent, type UpdateEventRequest } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys } from './query-keys.ts';

export function updateEvent(eventType: string, update: UpdateEventRequest): Promise<AdminEvent> {
  return adminFetch<AdminEvent>(ADMIN_PATHS.event.replace('{eventType}', encodeURIComponent(eventType)), { method: 'PUT', body: update });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventType, update }: { eventType: string; update: UpdateEventRequest }) => updateEvent(eventType, update),
    onSuccess: (event) => {
      queryClient.setQueryData<AdminEvent[]>(adminKeys.events(), (rows) => rows?.map((row) => (row.id === event.id ? event : row)));
      return queryClient.invalidateQueries({ queryKey: adminKeys.events() });
    },
  });
}
