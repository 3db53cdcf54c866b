import { useEffect, useRef, useState, type FormEvent } from 'react';
import { EMAIL_PATTERN } from '@portal/contracts/rules';
import { ApiError } from '../../../lib/api-client.ts';
import { useAdminLogin } from '../api/admin-login.ts';
import { LoginForm } from '../../../components/login-form.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { CompanySignInLink } from '../../../components/company-sign-in-link.tsx';
import { ErrorAlert } from '../../../components/ui/table/query-state.tsx';

/** The authenticator's and the mail's 6-digit codes (a space in the middle allowed). */
const CODE_INPUT = { className: 'mb-4', inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 } as const;
const TEXTS = { userNameLabel: 'E-mail', passwordLabel: 'Password', buttonText: 'Sign in' };

/**
 * The organizer sign-in: e-mail, password and, for accounts that use one, the authenticator code.
 * When the server asks for a second proof by mail (an error on `emailCode`: many wrong passwords
 * were tried for the account), a field for the mailed code appears and is sent with the password.
 */
export function AdminLoginPage() {
  const login = useAdminLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [askedEmailCode, setAskedEmailCode] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);

  const emailError = email.trim() === '' ? 'Enter your e-mail address.' : EMAIL_PATTERN.test(email.trim()) ? null : 'Enter a valid e-mail address.';
  const passwordError = password === '' ? 'Enter your password.' : null;
  const errors = { userName: emailError, password: passwordError };
  const totpRef = useRef<HTMLInputElement>(null);
  // The server asks for the code (an error on `totp`) only once the password was right.
  const serverTotpError = login.error instanceof ApiError ? (login.error.fieldErrors.find((e) => e.field === 'totp')?.message ?? null) : null;
  const totpFormatError = totp !== '' && !/^\d{6}$/.test(totp.replace(/\s+/g, '')) ? 'The code has 6 digits.' : null;
  const totpError = totpFormatError ?? (serverTotpError ? 'Enter the 6-digit code of your authenticator app.' : null);
  useEffect(() => {
    if (serverTotpError) totpRef.current?.focus();
  }, [serverTotpError]);
  // Once asked, the mailed-code field stays until the sign-in succeeds (its message explains it).
  const serverEmailCodeError = login.error instanceof ApiError ? (login.error.fieldErrors.find((e) => e.field === 'emailCode')?.message ?? null) : null;
  const emailCodeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (serverEmailCodeError) emailCodeRef.current?.focus();
  }, [serverEmailCodeError]);
  const emailCodeFormatError = emailCode !== '' && !/^\d{6}$/.test(emailCode.replace(/\s+/g, '')) ? 'The code has 6 digits.' : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (emailError || passwordError || totpFormatError || emailCodeFormatError) return;
    login.mutate({
      email: email.trim(),
      password,
      ...(totp ? { totp: totp.replace(/\s+/g, '') } : {}),
      ...(askedEmailCode && emailCode ? { emailCode: emailCode.replace(/\s+/g, '') } : {}),
    }, {
      onError: (error) => {
        const asked = error instanceof ApiError ? error.fieldErrors.find((e) => e.field === 'emailCode')?.message : undefined;
        if (asked) setAskedEmailCode(asked);
      },
    });
  };

  return (
    <main className="container py-5" id="main">
      <div className="card mx-auto shadow-sm admin-login-card">
        <div className="card-body p-4">
          <h1 className="h3 mb-1">Organizer console</h1>
          <p className="text-body-secondary mb-4">Sign in with your organizer account.</p>
          {login.isError && !serverTotpError && !serverEmailCodeError && <ErrorAlert error={login.error} title="Sign-in failed." />}
          <LoginForm
            formId="admin"
            look="console"
            texts={TEXTS}
            userName={email}
            password={password}
            onChange={(field, value) => (field === 'userName' ? setEmail(value) : setPassword(value))}
            invalid={(field) => checked && Boolean(errors[field])}
            errorOf={(field) => (checked ? errors[field] : null)}
            pending={login.isPending}
            onSubmit={onSubmit}
          >
            <TextField
              ref={totpRef}
              id="admin-totp"
              label="Authenticator code (if your account uses one)"
              {...CODE_INPUT}
              value={totp}
              onChange={setTotp}
              invalid={Boolean(serverTotpError)}
              error={checked || serverTotpError ? totpError : null}
            />
            {askedEmailCode && (
              <TextField
                ref={emailCodeRef}
                id="admin-email-code"
                label="Code from the e-mail"
                {...CODE_INPUT}
                value={emailCode}
                onChange={setEmailCode}
                invalid={checked && Boolean(emailCodeFormatError)}
                hint={emailCodeFormatError ?? askedEmailCode}
              />
            )}
          </LoginForm>
          <CompanySignInLink target="admin" />
        </div>
      </div>
    </main>
  );
}
