import type { FormEvent, ReactNode } from 'react';
import { LoginForm } from '../../../components/login-form.tsx';
import { CompanySignInLink, type CompanySignInTarget } from '../../../components/company-sign-in-link.tsx';
import { ErrorList } from '../../../components/ui/error-list.tsx';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { LanguageSwitch } from '../../../i18n/language-switch.tsx';
import type { LoginAttempt } from '../hooks/use-login-attempt.ts';

export interface LoginCardProps {
  texts: { heading: string; userNameLabel: string; passwordLabel: string; buttonText: string; noteHtml: string };
  /** The form's state (`useLoginAttempt`). */
  attempt: Pick<LoginAttempt, 'formId' | 'fields' | 'update' | 'invalid' | 'describedBy' | 'errorsId' | 'shownErrors' | 'pending'>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  /** Where "Sign in with your company account" leads. */
  companySignIn: CompanySignInTarget;
  /** Whether the form element itself is described by the error list (the event logins). */
  describeForm?: boolean;
  /** Above the card: logo and banner. */
  header?: ReactNode;
  /** Fields after the password (the abc login's names). */
  children?: ReactNode;
}

/**
 * The event and report logins' page: the centred card with the language switch above it, the sign-in
 * form, the company sign-in link, the list of errors and the content's note.
 */
export function LoginCard({ texts, attempt, onSubmit, companySignIn, describeForm = false, header, children }: LoginCardProps) {
  return (
    <main className="login-page">
      {header}
      <div className="container py-4">
        <LanguageSwitch className="login-language d-flex justify-content-end gap-1 mx-auto mb-2" />
        <div className="card login-card mx-auto shadow-sm">
          <div className="card-body p-4">
            <h1 className="h3 mb-4">{texts.heading}</h1>
            <LoginForm
              formId={attempt.formId}
              texts={texts}
              userName={attempt.fields.userName}
              password={attempt.fields.password}
              onChange={attempt.update}
              invalid={attempt.invalid}
              describedBy={attempt.describedBy}
              describeForm={describeForm}
              pending={attempt.pending}
              onSubmit={onSubmit}
            >
              {children}
            </LoginForm>
            <CompanySignInLink {...companySignIn} />
            <ErrorList id={attempt.errorsId} errors={attempt.shownErrors} />
            <RichText html={texts.noteHtml} className="login-note mt-4 small text-body-secondary" />
          </div>
        </div>
      </div>
    </main>
  );
}
