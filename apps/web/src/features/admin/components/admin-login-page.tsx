import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { EMAIL_PATTERN } from '@portal/contracts/rules';
import { ApiError } from '../../../lib/api-client.ts';
import { useAdminLogin } from '../api/admin-login.ts';
import { CompanySignInLink } from '../../../components/company-sign-in-link.tsx';
import { ErrorAlert } from '../../../components/ui/table/query-state.tsx';

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

  const onSubmit = (event: FormEvent) => {
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
          <Form noValidate onSubmit={onSubmit}>
            <Form.Group className="mb-3" controlId="admin-email">
              <Form.Label>E-mail</Form.Label>
              <Form.Control
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                isInvalid={checked && Boolean(emailError)}
                aria-invalid={checked && emailError ? true : undefined}
                aria-describedby={checked && emailError ? 'admin-email-error' : undefined}
                required
              />
              <Form.Control.Feedback type="invalid" id="admin-email-error">
                {emailError}
              </Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-3" controlId="admin-password">
              <Form.Label>Password</Form.Label>
              <Form.Control
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                isInvalid={checked && Boolean(passwordError)}
                aria-invalid={checked && passwordError ? true : undefined}
                aria-describedby={checked && passwordError ? 'admin-password-error' : undefined}
                required
              />
              <Form.Control.Feedback type="invalid" id="admin-password-error">
                {passwordError}
              </Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-4" controlId="admin-totp">
              <Form.Label>Authenticator code (if your account uses one)</Form.Label>
              <Form.Control
                ref={totpRef}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                value={totp}
                onChange={(e) => setTotp(e.target.value)}
                isInvalid={Boolean(serverTotpError) || (checked && Boolean(totpError))}
                aria-invalid={serverTotpError || (checked && totpError) ? true : undefined}
                aria-describedby={totpError ? 'admin-totp-error' : undefined}
              />
              <Form.Control.Feedback type="invalid" id="admin-totp-error">
                {totpError}
              </Form.Control.Feedback>
            </Form.Group>
            {askedEmailCode && (
              <Form.Group className="mb-4" controlId="admin-email-code">
                <Form.Label>Code from the e-mail</Form.Label>
                <Form.Control
                  ref={emailCodeRef}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={7}
                  value={emailCode}
                  onChange={(e) => setEmailCode(e.target.value)}
                  isInvalid={checked && Boolean(emailCodeFormatError)}
                  aria-invalid={checked && emailCodeFormatError ? true : undefined}
                  aria-describedby="admin-email-code-help"
                />
                <Form.Text id="admin-email-code-help">{emailCodeFormatError ?? askedEmailCode}</Form.Text>
              </Form.Group>
            )}
            <Button type="submit" disabled={login.isPending} className="w-100">
              {login.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              Sign in
            </Button>
          </Form>
          <CompanySignInLink target="admin" />
        </div>
      </div>
    </main>
  );
}
