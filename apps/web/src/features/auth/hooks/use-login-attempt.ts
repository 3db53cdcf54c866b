import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../i18n/use-t.ts';
import { LOGIN_MESSAGES } from '../utils/login-messages.ts';
import { hasError, type FieldMessage, type LoginFields } from '../utils/login-validation.ts';

/**
 * The state of a sign-in form of the event and report logins (docs/design/web-rules.md, sections 4
 * and 5): its fields, the rule errors `rulesOf` finds in them, which show after the first submit
 * attempt and then follow every change, and the outcome's errors (a refused login, a failed next
 * step) until the next change or attempt.
 */
export function useLoginAttempt<Fields extends Partial<LoginFields>>(initial: Fields, rulesOf: (fields: Fields) => readonly FieldMessage[]) {
  const t = useT();
  const formId = useId();
  const [fields, setFields] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [outcomeErrors, setOutcomeErrors] = useState<string[]>([]);
  const ruleErrors = rulesOf(fields);
  const shownErrors = submitted ? [...ruleErrors.map((error) => error.message), ...outcomeErrors] : outcomeErrors;
  const errorsId = `${formId}-errors`;

  /** A changed field clears the outcome's errors. */
  function update(field: keyof Fields, value: string): void {
    setFields((current) => ({ ...current, [field]: value }));
    setOutcomeErrors([]);
  }

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
    formId,
    fields,
    update,
    pending,
    submit,
    setOutcomeErrors,
    shownErrors,
    /** The error list's id, and the fields' `aria-describedby` while it shows errors. */
    errorsId,
    describedBy: shownErrors.length > 0 ? errorsId : undefined,
    invalid: (field: keyof LoginFields) => submitted && hasError(ruleErrors, field),
  };
}

export type LoginAttempt = ReturnType<typeof useLoginAttempt<Pick<LoginFields, 'userName' | 'password'>>>;
