import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { encode } from 'uqr';
import { describe, expect, it, vi } from 'vitest';
import type { Organizer } from '@portal/contracts';
import { renderApp } from '../../../testing/render-app.tsx';
import { setUpConsolePageTests } from '../../../testing/console-page.ts';
import { answer, fakeAdminApi } from '../testing/fake-admin-api.ts';

setUpConsolePageTests();

const me = (overrides: Partial<Organizer> = {}): Organizer => ({ id: 1, email: 'admin@corp.example.com', name: 'Ada Admin', totpEnabled: false, mustChangePassword: false, ...overrides });
const setup = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Event%20portal:admin%40corp.example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Event%20portal' };
const codeError = (message: string) => answer(400, { succeeded: false, message, data: null, errors: [{ field: 'code', message }] });

describe('my account: two-factor sign-in', { timeout: 40_000 }, () => {
  it('turns TOTP on: QR code of the otpauth URI, the key and URI to copy, then a first code confirms it', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let confirms = 0;
    const api = fakeAdminApi({
      'GET /api/Admin/Me': () => me(),
      'POST /api/Admin/Me/Totp': () => setup,
      'POST /api/Admin/Me/Totp/Confirm': () => {
        confirms += 1;
        return confirms === 1 ? codeError('This code is not right. Check the time on your device and try the next code.') : me({ totpEnabled: true });
      },
    });
    renderApp('/admin/account');
    expect(await screen.findByRole('heading', { name: /Two-factor sign-in\s*Off/ })).toBeVisible();
    expect(within(screen.getByRole('main')).getByText('admin@corp.example.com')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    // The current password first: the server hands out no secret without it.
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter your password.')).toBeVisible();
    expect(api.callsTo('POST', '/api/Admin/Me/Totp')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Password'), 'my-current-password');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const qr = await screen.findByRole('img', { name: 'QR code of your authenticator key' });
    // The drawn modules are those of the otpauth URI (one 1x1 square per dark module).
    const dark = encode(setup.otpauthUrl, { ecc: 'M', border: 4 }).data.flat().filter(Boolean).length;
    expect(qr.querySelector('path')?.getAttribute('d')?.match(/M/g)).toHaveLength(dark);
    expect(screen.getByLabelText('Key')).toHaveValue(setup.secret);
    expect(screen.getByLabelText('Set-up link (otpauth)')).toHaveValue(setup.otpauthUrl);
    await userEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(setup.secret);
    expect(api.callsTo('POST', '/api/Admin/Me/Totp').map((c) => c.body)).toEqual([{ password: 'my-current-password' }]);

    // Checked in the browser first: nothing sent for a code that is not 6 digits.
    await userEvent.type(screen.getByLabelText('Code from the app'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(screen.getByText('Enter the 6-digit code your authenticator app shows.')).toBeVisible();
    expect(api.callsTo('POST', '/api/Admin/Me/Totp/Confirm')).toHaveLength(0);

    // The server's refusal is shown at the field; the next code turns it on.
    await userEvent.clear(screen.getByLabelText('Code from the app'));
    await userEvent.type(screen.getByLabelText('Code from the app'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByText(/This code is not right/)).toBeVisible();
    expect(screen.getByLabelText('Code from the app')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(screen.getByLabelText('Code from the app'));
    await userEvent.type(screen.getByLabelText('Code from the app'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByRole('heading', { name: /Two-factor sign-in\s*On/ })).toBeVisible();
    expect(screen.getByText(/Two-factor sign-in is on/)).toBeVisible();
    expect(screen.queryByLabelText('Key')).toBeNull();
    expect(api.callsTo('POST', '/api/Admin/Me/Totp/Confirm').map((c) => c.body)).toEqual([{ code: '123456' }, { code: '654321' }]);
    expect(screen.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeVisible();
  });

  it('turns TOTP off only with the password or a current code', async () => {
    let answers = 0;
    const api = fakeAdminApi({
      'GET /api/Admin/Me': () => me({ totpEnabled: true }),
      'POST /api/Admin/Me/Totp/Disable': () => {
        answers += 1;
        return answers === 1 ? answer(400, { succeeded: false, message: 'The password is not right.', data: null, errors: [{ field: 'password', message: 'The password is not right.' }] }) : me();
      },
    });
    renderApp('/admin/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(screen.getByText('Enter your password.')).toBeVisible();
    expect(api.callsTo('POST', '/api/Admin/Me/Totp/Disable')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('The password is not right.')).toBeVisible();
    expect(screen.getByRole('heading', { name: /Two-factor sign-in\s*On/ })).toBeVisible();

    await userEvent.click(screen.getByLabelText('A code from my app'));
    await userEvent.type(screen.getByLabelText('Code from the app'), '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(screen.getByText('Enter the 6-digit code your authenticator app shows.')).toBeVisible();
    await userEvent.clear(screen.getByLabelText('Code from the app'));
    await userEvent.type(screen.getByLabelText('Code from the app'), '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('heading', { name: /Two-factor sign-in\s*Off/ })).toBeVisible();
    expect(api.callsTo('POST', '/api/Admin/Me/Totp/Disable').map((c) => c.body)).toEqual([{ password: 'wrong-password' }, { code: '246810' }]);
    expect(screen.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  });

  it('is reached from the console navigation', async () => {
    fakeAdminApi({ 'GET /api/Admin/Me': () => me(), 'GET /api/Admin/Registrations': () => ({ rows: [], total: 0 }) });
    renderApp('/admin/registrations');
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    await userEvent.click(within(nav).getByRole('link', { name: 'My account' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'My account' })).toBeVisible());
  });
});
