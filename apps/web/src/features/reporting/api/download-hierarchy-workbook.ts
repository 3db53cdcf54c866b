/**
 * GET /api/Report/HierarchyWorkbook?event=: the xlsx the server streams (not an envelope). Read as a
 * Blob and handed to the browser as a download; errors still come as the envelope.
 */
import type { Envelope, EventType } from '@portal/contracts';
import { ApiError, apiUrl, handleUnauthorized } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/user-storage.ts';

const FALLBACK_NAME = 'Enrollment by Hierarchy.xlsx';

/** The file name of a `Content-Disposition: attachment; filename="..."` header. */
export function attachmentName(header: string | null): string {
  const match = header ? /filename="([^"]+)"/i.exec(header) : null;
  return match?.[1] ?? FALLBACK_NAME;
}

export async function downloadHierarchyWorkbook(event: EventType, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string }> {
  const headers: Record<string, string> = {};
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl('/api/Report/HierarchyWorkbook', { event }), { headers, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The server could not be reached.');
  }
  if (response.status === 401) {
    handleUnauthorized();
    throw new ApiError(401, 'Unauthorized');
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    throw new ApiError(response.status, envelope?.message ?? `The workbook could not be built (${response.status}).`, envelope);
  }
  // A stream cut by the server mid-way rejects here, so a partial file is never saved.
  const blob = await response.blob();
  return { blob, fileName: attachmentName(response.headers.get('content-disposition')) };
}
