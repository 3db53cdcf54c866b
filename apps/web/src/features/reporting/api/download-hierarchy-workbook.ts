/**
 * Files the server streams (not an envelope): the hierarchy workbook and the coverage and comparison
 * exports (every row; the pages show one page). Read as a Blob and handed to the browser as a
 * download; errors still come as the envelope. The server writes headers, sheet names and totals in the
 * language the request asks for (Accept-Language), so the page's language is sent.
 */
import type { Envelope, EventType } from '@portal/contracts';
import { ApiError, apiUrl, handleUnauthorized } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/user-storage.ts';
import { currentLanguage } from '../../../i18n/language.ts';
import { translate } from '../../../i18n/catalogs.ts';

const FALLBACK_NAME = 'Enrollment by Hierarchy.xlsx';

/** The file name of a `Content-Disposition: attachment; filename="..."` header. */
export function attachmentName(header: string | null, fallback = FALLBACK_NAME): string {
  const match = header ? /filename="([^"]+)"/i.exec(header) : null;
  return match?.[1] ?? fallback;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export async function downloadReportFile(path: string, query: Record<string, string>, fallbackName: string, signal?: AbortSignal): Promise<DownloadedFile> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), { headers, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, translate('api.unreachable', currentLanguage()));
  }
  if (response.status === 401) {
    handleUnauthorized();
    throw new ApiError(401, 'Unauthorized');
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    throw new ApiError(response.status, envelope?.message ?? `The file could not be built (${response.status}).`, envelope);
  }
  // A stream cut by the server mid-way rejects here, so a partial file is never saved.
  const blob = await response.blob();
  return { blob, fileName: attachmentName(response.headers.get('content-disposition'), fallbackName) };
}

export const downloadHierarchyWorkbook = (event: EventType, signal?: AbortSignal) =>
  downloadReportFile('/api/Report/HierarchyWorkbook', { event }, FALLBACK_NAME, signal);
