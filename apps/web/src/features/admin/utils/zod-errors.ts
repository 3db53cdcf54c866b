/** A contract schema's failure as one message per top-level field, for the form that sent it. */
import type { FieldError } from '@portal/contracts';

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

export function fieldErrorsOf(issues: readonly IssueLike[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The server's `errors` of a 400 answer, keyed the same way. */
export function serverFieldErrors(errors: readonly FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) out[e.field.split('.')[0] ?? e.field] ??= e.message;
  return out;
}
