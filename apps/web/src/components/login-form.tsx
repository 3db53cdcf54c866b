/**
 * The one sign-in form of the portal: the event logins (/nbc, /abc), the report login and the
 * organizer console's (/admin). E-mail and code or password, any further fields of the page (the abc
 * names, the console's authenticator code) and the submit button with its busy state. The page keeps
 * its own rules, texts, errors and what happens on success.
 */
import type { FormEvent, ReactNode } from 'react';
import { SubmitButton } from './ui/form/submit-button.tsx';
import { TextField } from './ui/form/text-field.tsx';

export type LoginField = 'userName' | 'password';

export interface LoginFormProps {
  /** Prefix of the fields' ids. */
  formId: string;
  texts: { userNameLabel: string; passwordLabel: string; buttonText: string };
  userName: string;
  password: string;
  onChange: (field: LoginField, value: string) => void;
  invalid: (field: LoginField) => boolean;
  /** A field's own message, shown below it (the console); the attendee logins list theirs below the form. */
  errorOf?: (field: LoginField) => string | null;
  /** The id of the error list while it shows errors. */
  describedBy?: string | undefined;
  /** Whether the form element itself is described by the error list (the event logins). */
  describeForm?: boolean;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  /**
   * `attendee`: labels inside the boxes, a large button, the lengths the login call accepts;
   * `console`: labels above the boxes (the organizer console).
   */
  look?: 'attendee' | 'console';
  /** Fields after the password (the abc login's names, the console's codes). */
  children?: ReactNode;
}

export function LoginForm({ formId, texts, userName, password, onChange, invalid, errorOf, describedBy, describeForm = false, pending, onSubmit, look = 'attendee', children }: LoginFormProps) {
  const attendee = look === 'attendee';
  const field = (name: LoginField) => ({
    floating: attendee,
    invalid: invalid(name),
    error: errorOf?.(name) ?? null,
    'aria-describedby': describedBy,
    required: true,
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={describeForm ? describedBy : undefined}>
      <TextField
        {...field('userName')}
        id={`${formId}-username`}
        label={texts.userNameLabel}
        type="email"
        autoComplete="username"
        {...(attendee ? ({ inputMode: 'email', maxLength: 254 } as const) : {})}
        value={userName}
        onChange={(value) => onChange('userName', value)}
      />
      <TextField
        {...field('password')}
        id={`${formId}-password`}
        label={texts.passwordLabel}
        type="password"
        autoComplete="current-password"
        {...(attendee ? { maxLength: 100 } : {})}
        value={password}
        onChange={(value) => onChange('password', value)}
      />
      {children}
      <SubmitButton pending={pending} className={attendee ? 'btn-lg w-100' : 'w-100'}>
        {texts.buttonText}
      </SubmitButton>
    </form>
  );
}
