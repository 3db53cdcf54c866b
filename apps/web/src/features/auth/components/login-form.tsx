/**
 * The sign-in form of the event and report logins: e-mail and code, any further fields of the page
 * (the abc names), and the submit button with its busy state. The page keeps its own rules, texts,
 * errors and what happens on success.
 */
import type { FormEvent, ReactNode } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';

export interface LoginFormProps {
  formId: string;
  texts: { userNameLabel: string; passwordLabel: string; buttonText: string };
  userName: string;
  password: string;
  onChange: (field: 'userName' | 'password', value: string) => void;
  invalid: (field: 'userName' | 'password') => boolean;
  /** The id of the error list while it shows errors. */
  describedBy: string | undefined;
  /** Whether the form element itself is described by the error list (the event logins). */
  describeForm?: boolean;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Fields after the code (the abc login's names). */
  children?: ReactNode;
}

export function LoginForm({ formId, texts, userName, password, onChange, invalid, describedBy, describeForm = false, pending, onSubmit, children }: LoginFormProps) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={describeForm ? describedBy : undefined}>
      <TextField
        id={`${formId}-username`}
        label={texts.userNameLabel}
        type="email"
        inputMode="email"
        autoComplete="username"
        maxLength={254}
        value={userName}
        onValueChange={(value) => onChange('userName', value)}
        invalid={invalid('userName')}
        aria-describedby={describedBy}
        required
      />
      <TextField
        id={`${formId}-password`}
        label={texts.passwordLabel}
        type="password"
        autoComplete="current-password"
        maxLength={100}
        value={password}
        onValueChange={(value) => onChange('password', value)}
        invalid={invalid('password')}
        aria-describedby={describedBy}
        required
      />
      {children}
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={pending}>
        {pending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
        {texts.buttonText}
      </button>
    </form>
  );
}
