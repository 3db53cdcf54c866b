import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { totpConfirmRequestSchema, totpDisableRequestSchema, type Organizer, type TotpSetupData } from '@portal/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmTotp, useDisableTotp, useMe, useStartTotp } from '../api/totp.ts';
import { CopyField } from '../components/copy-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { QrCode } from '../components/qr-code.tsx';
import { QueryState } from '../../../components/ui/table/query-state.tsx';
import { fieldErrorsOf, serverFieldErrors } from '../utils/zod-errors.ts';
import { FormCard } from '../components/form-card.tsx';
import { CheckField } from '../../../components/ui/form/check-field.tsx';

/** A code typed with spaces ("123 456") as the authenticator app shows it. */
const compact = (code: string) => code.replace(/\s+/g, '');

/** Step 2 of turning TOTP on: scan (or copy) the secret, then confirm with a first code. */
function ConfirmTotp({ setup, onCancel, onDone }: { setup: TotpSetupData; onCancel: () => void; onDone: () => void }) {
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const server = confirm.error instanceof ApiError ? serverFieldErrors(confirm.error.fieldErrors) : {};
  const onSubmit = () => {
    const checked = totpConfirmRequestSchema.safeParse({ code: compact(code) });
    if (!checked.success) {
      setError('Enter the 6-digit code your authenticator app shows.');
      return;
    }
    setError(undefined);
    confirm.mutate(checked.data, { onSuccess: onDone });
  };
  return (
    <FormCard
      title="Set up your authenticator app"
      titleRef={headingRef}
      intro={
        <>
          <ol className="ps-3">
            <li>In your authenticator app (for example Google Authenticator, Microsoft Authenticator, 1Password), add an account and scan this code.</li>
            <li>Or, if you cannot scan, type the key below into the app (time-based, 6 digits, 30 seconds).</li>
            <li>Enter the code the app shows now, to check that it works. Until then, two-factor sign-in stays off.</li>
          </ol>
          <div className="d-flex flex-wrap gap-4 align-items-start mb-3">
            <QrCode text={setup.otpauthUrl} label="QR code of your authenticator key" />
            <div className="flex-grow-1 admin-totp-key">
              <CopyField showLabel id="totp-secret" label="Key" value={setup.secret} copyLabel="Copy key" className="mb-3" />
              <CopyField showLabel id="totp-uri" label="Set-up link (otpauth)" value={setup.otpauthUrl} copyLabel="Copy link" inputClassName="small" />
            </div>
          </div>
        </>
      }
      onSubmit={onSubmit}
      error={server.code ? null : confirm.error}
      errorTitle="Not turned on."
      submitLabel="Turn on two-factor sign-in"
      pending={confirm.isPending}
      onCancel={onCancel}
    >
      <TextField
        id="totp-code"
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={setCode}
        error={error ?? server.code}
        className="mb-3 admin-totp-code"
      />
    </FormCard>
  );
}

/** Step 1 of turning TOTP on: the current password (the server asks for it before it hands out a secret). */
function StartTotp({ onCancel, onStarted }: { onCancel: () => void; onStarted: (setup: TotpSetupData) => void }) {
  const start = useStartTotp();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const server = start.error instanceof ApiError ? serverFieldErrors(start.error.fieldErrors) : {};
  const onSubmit = () => {
    if (password === '') {
      setError('Enter your password.');
      return;
    }
    setError(undefined);
    start.mutate({ password }, { onSuccess: onStarted });
  };
  return (
    <FormCard title="Set up two-factor sign-in" intro={<p>Confirm it is you with your password.</p>} onSubmit={onSubmit} error={server.password ? null : start.error} errorTitle="Could not start the set-up." submitLabel="Continue" pending={start.isPending} onCancel={onCancel}>
      <TextField id="totp-start-password" label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} error={error ?? server.password} className="mb-3 admin-totp-code" />
    </FormCard>
  );
}

/** Turning TOTP off: the account's password or a current code, as the server requires. */
function DisableTotp({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const disable = useDisableTotp();
  const [using, setUsing] = useState<'password' | 'code'>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const server = disable.error instanceof ApiError ? serverFieldErrors(disable.error.fieldErrors) : {};
  const shown = { ...server, ...errors };
  const onSubmit = () => {
    const checked = totpDisableRequestSchema.safeParse(using === 'password' ? { password } : { code: compact(code) });
    if (!checked.success) {
      const found = fieldErrorsOf(checked.error.issues);
      setErrors(using === 'password' ? { password: 'Enter your password.' } : { code: found.code ? 'Enter the 6-digit code your authenticator app shows.' : 'Enter a code.' });
      return;
    }
    setErrors({});
    disable.mutate(checked.data, { onSuccess: onDone });
  };
  return (
    <FormCard
      title="Turn off two-factor sign-in"
      danger
      intro={<p>Your account will be protected by the password alone. Confirm it is you:</p>}
      onSubmit={onSubmit}
      error={server.password || server.code ? null : disable.error}
      errorTitle="Not turned off."
      submitLabel="Turn off"
      pending={disable.isPending}
      onCancel={onCancel}
    >
      <fieldset className="mb-3">
        <legend className="visually-hidden">Confirm with</legend>
        <CheckField inline type="radio" id="totp-off-password" name="totp-off-with" label="My password" checked={using === 'password'} onChange={() => setUsing('password')} />
        <CheckField inline type="radio" id="totp-off-code" name="totp-off-with" label="A code from my app" checked={using === 'code'} onChange={() => setUsing('code')} />
      </fieldset>
      {using === 'password' ? (
        <TextField id="totp-off-password-input" label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} error={shown.password} className="mb-3 admin-totp-code" />
      ) : (
        <TextField id="totp-off-code-input" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={setCode} error={shown.code} className="mb-3 admin-totp-code" />
      )}
    </FormCard>
  );
}

function TwoFactor({ me }: { me: Organizer }) {
  const [starting, setStarting] = useState(false);
  const [setup, setSetup] = useState<TotpSetupData | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const finish = (message: string) => {
    setSetup(null);
    setStarting(false);
    setTurningOff(false);
    setNotice(message);
  };

  return (
    <section aria-labelledby="two-factor-title">
      <h2 className="h4 d-flex align-items-center gap-2" id="two-factor-title">
        Two-factor sign-in {me.totpEnabled ? <Badge bg="success">On</Badge> : <Badge bg="secondary">Off</Badge>}
      </h2>
      <p className="text-body-secondary">
        With two-factor sign-in, signing in to the console needs your password and a 6-digit code from an authenticator app on your phone, so a stolen password alone does not
        open it.
      </p>
      {notice && (
        <Alert variant="success" role="status" onClose={() => setNotice(null)} dismissible>
          {notice}
        </Alert>
      )}
      {setup ? (
        <ConfirmTotp setup={setup} onCancel={() => setSetup(null)} onDone={() => finish('Two-factor sign-in is on. From your next sign-in, the console asks for a code.')} />
      ) : starting ? (
        <StartTotp
          onCancel={() => setStarting(false)}
          onStarted={(started) => {
            setStarting(false);
            setSetup(started);
          }}
        />
      ) : turningOff ? (
        <DisableTotp onCancel={() => setTurningOff(false)} onDone={() => finish('Two-factor sign-in is off.')} />
      ) : me.totpEnabled ? (
        <Button variant="outline-danger" onClick={() => {
            setNotice(null);
            setTurningOff(true);
          }}>
          Turn off two-factor sign-in
        </Button>
      ) : (
        <Button
          onClick={() => {
            setNotice(null);
            setStarting(true);
          }}
        >
          Set up two-factor sign-in
        </Button>
      )}
    </section>
  );
}

/** The signed-in organizer's own account: who they are and their two-factor sign-in. */
export function AccountPage() {
  const me = useMe();
  return (
    <>
      <h1 className="h3 mb-3">My account</h1>
      <QueryState query={me} loadingLabel="Loading your account…">
        {(account) => (
          <>
            <p>
              Signed in as <strong>{account.email}</strong>
              {account.name ? ` (${account.name})` : ''}.
            </p>
            <TwoFactor me={account} />
          </>
        )}
      </QueryState>
    </>
  );
}
