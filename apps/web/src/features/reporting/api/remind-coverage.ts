/** POST /api/Report/Coverage/Remind?event=: reminder mails to the managers of stores without an enrolled attendee. */
import { useMutation } from '@tanstack/react-query';
import type { CoverageRemindAnswer, CoverageRemindBody, EventType } from '@portal/contracts';
import { ApiError, apiPost } from '../../../lib/api-client.ts';
import { pageText } from '../../../i18n/page-text.ts';

export interface RemindResult extends CoverageRemindAnswer {
  message: string;
}

export async function remindCoverage(event: EventType, dlrnums?: readonly string[]): Promise<RemindResult> {
  const body: CoverageRemindBody = dlrnums ? { dlrnums: [...dlrnums] } : {};
  const envelope = await apiPost<CoverageRemindAnswer>('/api/Report/Coverage/Remind', body, { event });
  if (!envelope.succeeded || !envelope.data) throw new ApiError(200, envelope.message || pageText('api.remindersFailed'), envelope);
  const { queued } = envelope.data;
  return { queued, message: envelope.message || `${queued} reminder${queued === 1 ? '' : 's'} queued.` };
}

export const useRemindCoverage = (event: EventType) =>
  useMutation({ mutationFn: (dlrnums?: readonly string[]) => remindCoverage(event, dlrnums) });
