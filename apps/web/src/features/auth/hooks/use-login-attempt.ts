import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../i18n/use-t.ts';
import { LOGIN_MESSAGES } from '../utils/login-messages.ts';
import { hasError, type FieldMessage, type LoginFields } from '../utils/login-validation.ts';

/**
 * The state of a sign-in form of the event and report logins (docs/design/web-rules.md, sections 4
 * and 5): the rule errors show after the first submit attempt and then follow every change; the
 * outcome's errors (a refused login, a failed next step) until the next change or attempt.
 */
export function useLoginAttempt(ruleErrors: readonly FieldMessage[]) {
  const t = useT();
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [outcomeErrors, setOutcomeErrors] = useState<string[]>([]);

  /** Runs `attempt` once the rules pass; a fault of the page itself shows the fixed message. */
  async function submit(event: FormEvent<HTMLFormElement>, attempt: () => Promise<void>): Promise<void> {
    event.preventDefault();
    setSubmitted(true);
    setOutcomeErrors([]);
    if (ruleErrors.length > 0 || pending) return;
    setPending(true);
    try {
      await attempt();
    } catch (error) {
      // Too many attempts: the server's message says when to try again. (A failed call is an
      // answer with succeeded false; what lands here is a fault of the page itself.)
      const message = error instanceof ApiError && error.status === 429 && error.message ? error.message : t(LOGIN_MESSAGES.unexpected);
      setOutcomeErrors([message]);
    } finally {
      setPending(false);
    }
  }

  return {
    pending,
    submit,
    setOutcomeErrors,
    shownErrors: submitted ? [...ruleErrors.map((error) => error.message), ...outcomeErrors] : outcomeErrors,
    invalid: (field: keyof LoginFields) => submitted && hasError(ruleErrors, field),
  };
}
