/**
 * Errors answered in the Delivery API's shape: `{ message, request_id, error_code, specific_code }`.
 * The SDK turns a body into a DeliveryError only when `error_code` is truthy, so every code here is
 * non-zero.
 */

export const ErrorCode = {
  /** Unknown route or method, and malformed requests (the Delivery API's general code). */
  request: 1,
  /** The answer would hold more than 2,000 items (main items plus modular content). */
  responseTooLarge: 6,
  itemNotFound: 100,
  typeNotFound: 101,
  elementNotFound: 102,
  taxonomyNotFound: 104,
  environmentNotFound: 105,
  /** A portal token was presented but is invalid, expired or revoked. */
  unauthorized: 401,
  /** A valid portal token that may not read content (an organizer's). */
  forbidden: 403,
  /** Too many image renditions are being drawn (503 with Retry-After). */
  busy: 7,
  /** Upstream Kontent.ai failed and nothing was cached for this URL. */
  upstreamUnavailable: 503,
  internal: 500,
} as const;

export class DeliveryHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'DeliveryHttpError';
  }
}

/** For `resolveAccessCodes`: a presented token that is not (or no longer) valid answers 401. */
export const unauthorizedToken = (message = 'The access token is invalid, expired or revoked.'): DeliveryHttpError =>
  new DeliveryHttpError(401, ErrorCode.unauthorized, message);

/** For `resolveAccessCodes`: a valid token that may not read content (an organizer's) answers 403. */
export const forbiddenToken = (message = 'This access token cannot read content.'): DeliveryHttpError =>
  new DeliveryHttpError(403, ErrorCode.forbidden, message);

export const badRequest = (message: string): DeliveryHttpError => new DeliveryHttpError(400, ErrorCode.request, message);

export function errorBody(error: DeliveryHttpError, requestId: string): string {
  return JSON.stringify({ message: error.message, request_id: requestId, error_code: error.errorCode, specific_code: 0 });
}
