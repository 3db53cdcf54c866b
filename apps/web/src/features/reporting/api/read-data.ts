import type { Envelope } from '@portal/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { pageText } from '../../../i18n/page-text.ts';

/** `data` of a successful answer that holds `key` as an array (rows, days); anything else rejects. */
export function dataWithList<T extends object>(envelope: Envelope<T>, key: keyof T): T {
  const data = envelope.succeeded ? envelope.data : null;
  if (!data || !Array.isArray(data[key])) throw new ApiError(200, envelope.message || pageText('api.reportReadFailed'), envelope);
  return data;
}
