/**
 * The landing page and the hosted registration page in their events' frames:
 * each event's brand on the landing page and a footer below it; the registration page under its
 * event's logo, with that event's footer.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, mockApi, renderApp, storeLogin } from '../../testing/render-app.tsx';
import { registrationPageData } from '../../features/registration/testing/registration-page-data.ts';

const TOKEN = 'R'.repeat(43);

const ABC_REGISTRATION = registrationPageData({
  expiresAt: '2027-08-01T10:00:00.000Z',
  event: { eventType: 'abc', name: 'Annual Business Conference 2027', startsOn: '2027-09-13', endsOn: '2027-09-16', isVirtual: false },
  attendee: { firstName: 'Sam', lastName: 'Rivera', email: 'sam.rivera@example.com' },
  store: null,
});

describe('landing page', () => {
  it("shows each event's logo with its button, and the portal's footer without Logout", async () => {
    mockApi();
    const { container } = renderApp('/');
    const nbc = await screen.findByRole('link', { name: 'National Business Conference 2027' });
    expect(nbc).toHaveAttribute('href', '/nbc');
    await waitFor(() => expect(container.querySelectorAll('.landing-event img')).toHaveLength(2));
    const logos = [...container.querySelectorAll<HTMLImageElement>('.landing-event img')].map((img) => img.getAttribute('src') ?? '');
    expect(logos[0]).toMatch(/nbc-logo\.svg/);
    expect(logos[1]).toMatch(/abc-logo\.svg/);
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText(/Northwind Motor Company/)).toBeInTheDocument();
    expect(within(footer).queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
  }, 20_000);
});

describe('registration page', () => {
  it("sits under its event's logo (leading to that event's login) with that event's footer", async () => {
    mockApi((call) => (call.path === `/api/Registration/${TOKEN}` ? { body: envelope(ABC_REGISTRATION) } : undefined));
    renderApp(`/register/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Complete your registration' })).toBeInTheDocument();
    const logo = await screen.findByRole('img', { name: 'Northwind Motor Company, Annual Business Conference 2027' });
    expect(logo.closest('a')).toHaveAttribute('href', '/abc');
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByText(/abc\.helpdesk@corp\.example\.com/)).toBeInTheDocument();
    // Nobody is signed in in this browser: nothing to log out of.
    expect(within(footer).queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
  });

  it('offers Logout when opened from a signed-in portal, and frames a dead link in the signed-in event', async () => {
    storeLogin();
    mockApi((call) => (call.path.startsWith('/api/Registration/') ? { status: 404, body: envelope(null, false, 'This link is not valid.') } : undefined));
    renderApp(`/register/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Northwind Motor Company, National Business Conference 2027' })).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });
});
