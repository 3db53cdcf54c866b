import type { DataSet, Envelope, Table } from '@portal/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { pageText } from '../../../i18n/page-text.ts';

function fail(envelope: Envelope<unknown>): never {
  throw new ApiError(200, envelope.message || pageText('api.reportReadFailed'), envelope);
}

/** `data.dataSet.table` of a report answer; a failed or malformed answer rejects. */
export function dataSetTable<Row>(envelope: Envelope<DataSet<Row>>): Row[] {
  const table = envelope.succeeded ? envelope.data?.dataSet?.table : undefined;
  if (!Array.isArray(table)) fail(envelope);
  return table;
}

/** `data.table` of GetAllRegions and GetAllZonesByRegion. */
export function plainTable<Row>(envelope: Envelope<Table<Row>>): Row[] {
  const table = envelope.succeeded ? envelope.data?.table : undefined;
  if (!Array.isArray(table)) fail(envelope);
  return table;
}
