import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { changePasswordRequestSchema } from '@portal/contracts';
import { useAdminLogout } from '../api/admin-login.ts';
import { useChangePassword } from '../api/change-password.ts';
import { fieldErrorsOf } from '../utils/zod-errors.ts';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { ErrorAlert } from '../../../components/ui/table/query-state.tsx';

/** An account created with a one-time password sets its own before it may do anything else. */
export function ChangePasswordPage() {
  const change = useChangePassword();
  const logout = useAdminLogout();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordRequestSchema.safeParse({ currentPassword, newPassword });
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    if (!found.newPassword && newPassword !== repeat) found.repeat = 'The passwords do not match.';
    setErrors(found);
    if (Object.keys(found).length === 0) change.mutate({ currentPassword, newPassword });
  };

  return (
    <main className="container py-5" id="main">
      <div className="card mx-auto shadow-sm admin-login-card">
        <div className="card-body p-4">
          <h1 className="h3 mb-1">Choose your password</h1>
          <p className="text-body-secondary mb-4">Your account was created with a one-time password. Choose your own to continue.</p>
          {change.isError && <ErrorAlert error={change.error} title="Not changed." />}
          <Form noValidate onSubmit={onSubmit}>
            <TextField id="current-password" label="One-time password" value={currentPassword} onChange={setCurrent} error={errors.currentPassword && `One-time password ${errors.currentPassword}.`} type="password" autoComplete="current-password" />
            <TextField id="new-password" label="New password" value={newPassword} onChange={setNew} error={errors.newPassword && `New password ${errors.newPassword}.`} hint="At least 12 characters." type="password" autoComplete="new-password" />
            <TextField id="repeat-password" label="New password again" value={repeat} onChange={setRepeat} error={errors.repeat} type="password" autoComplete="new-password" />
            <div className="d-flex gap-2">
              <Button type="submit" disabled={change.isPending}>
                {change.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
                Save password
              </Button>
              <Button variant="outline-secondary" onClick={() => logout.mutate()}>
                Sign out
              </Button>
            </div>
          </Form>
        </div>
      </div>
    </main>
  );
}
