import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser.ts';
import { getUserDetail } from '../../../lib/user-storage.ts';
import { FakeDeliveryService } from '../../../testing/fake-delivery.ts';
import { CODES_BY_TEST_TOKEN, envelope, loginData, mockApi, renderApp, storeLogin, testLocation, type ApiCall } from '../../../testing/render-app.tsx';
import { LOGIN_CONTENT_WAIT_MS } from '../hooks/use-login-content.ts';

const LOGIN_OK = (overrides = {}) => (call: ApiCall) =>
  call.path === '/User/ProcessLogin' ? { body: envelope(loginData({ accessToken: 'token-general', ...overrides })) } : undefined;

async function fillNbc(user: ReturnType<typeof userEvent.setup>, userName: string, password: string) {
  if (userName) await user.type(await screen.findByLabelText('E-mail address'), userName);
  if (password) await user.type(screen.getByLabelText('Access code'), password);
}

describe('nbc login', () => {
  it('shows the content texts and no messages before a submit attempt', async () => {
    mockApi();
    renderApp('/nbc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In to the National Business Conference 2027' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('placeholder', 'E-mail address');
    expect(screen.getByLabelText('Access code')).toHaveAttribute('type', 'password');
    expect(screen.queryByLabelText(/^First name/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText(/conference help desk/)).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('calls logout and clears local and session storage on entry', async () => {
    storeLogin({ accessToken: 'old-token' });
    window.sessionStorage.setItem('x', '1');
    const calls = mockApi();
    renderApp('/nbc');
    await screen.findByRole('button', { name: 'Sign In' });
    const logout = calls.find((c) => c.path === '/User/ProcessLogout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('authorization')).toBe('Bearer old-token');
    expect(getUserDetail()).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('lists the rule messages after a submit attempt and re-evaluates them on every change', async () => {
    const calls = mockApi();
    const user = userEvent.setup();
    renderApp('/nbc');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    const alert = screen.getByRole('alert');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['E-mail address is required.', 'Access code is required.']);

    await user.type(screen.getByLabelText('E-mail address'), 'pat');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Please enter a valid e-mail address.', 'Access code is required.']);
    await user.type(screen.getByLabelText('E-mail address'), '@example.com');
    await user.type(screen.getByLabelText('Access code'), 'X');
    expect(within(alert).queryAllByRole('listitem')).toEqual([]);
    expect(calls.some((c) => c.path === '/User/ProcessLogin')).toBe(false);
  });

  it('stores the whole answer and goes to /nbc/welcome on success', async () => {
    const calls = mockApi(LOGIN_OK());
    const user = userEvent.setup();
    renderApp('/nbc');
    await fillNbc(user, ' pat.morgan@morgan-motors.example.com ', 'DEALER27');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(testLocation().pathname).toBe('/nbc/welcome'));
    const login = calls.find((c) => c.path === '/User/ProcessLogin');
    expect(login?.body).toEqual({ language: 'en', userName: 'pat.morgan@morgan-motors.example.com', password: 'DEALER27', firstName: '', lastName: '', eventType: 'nbc', IsReporting: false });
    expect(JSON.parse(window.localStorage.getItem('userdetail') ?? 'null')).toEqual(envelope(loginData({ accessToken: 'token-general' })));
  });

  it("gives a dealer without policies 'general'", async () => {
    mockApi(LOGIN_OK({ authorizationPolicy: [] }));
    const user = userEvent.setup();
    renderApp('/nbc');
    await fillNbc(user, 'pat@example.com', 'DEALER27');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(getUserDetail()?.data.authorizationPolicy).toEqual(['general']));
  });

  // Section 4 of docs/design/web-rules.md: "A dealer with no authorizationPolicy gets ['general']." Null, missing and empty
  // are all "no authorizationPolicy"; null or missing made the login fail.
  it.each([
    ['null', { authorizationPolicy: null }],
    ['missing', { authorizationPolicy: undefined }],
  ])("gives a dealer whose authorizationPolicy is %s 'general', like an empty one", async (_, overrides) => {
    mockApi(LOGIN_OK(overrides));
    const user = userEvent.setup();
    renderApp('/nbc');
    await fillNbc(user, 'pat@example.com', 'DEALER27');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(testLocation().pathname).toBe('/nbc/welcome'));
    expect(getUserDetail()?.data.authorizationPolicy).toEqual(['general']);
    expect(screen.queryByText(/Unexpected error/)).not.toBeInTheDocument();
  });

  it('stores an empty policy list for a non-dealer whose authorizationPolicy is null, and signs in', async () => {
    mockApi(LOGIN_OK({ authorizationPolicy: null, dealerInfo: null, regType: 'EXP' }));
    const user = userEvent.setup();
    renderApp('/nbc');
    await fillNbc(user, 'someone@example.com', 'EXPO27');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(testLocation().pathname).toBe('/nbc/welcome'));
    expect(getUserDetail()?.data.authorizationPolicy).toEqual([]);
  });

  it("shows the content's invalid-data message when the login fails", async () => {
    mockApi((call) => (call.path === '/User/ProcessLogin' ? { body: envelope(null, false, 'Invalid e-mail or access code') } : undefined));
    const user = userEvent.setup();
    renderApp('/nbc');
    await fillNbc(user, 'pat@example.com', 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('The e-mail address or access code you entered is not valid.')).toBeInTheDocument();
    expect(getUserDetail()).toBeNull();
    expect(testLocation().pathname).toBe('/nbc');
  });

  it.each([
    ['a 500', (call: ApiCall) => (call.path === '/User/ProcessLogin' ? { status: 500, body: envelope(null, false, 'Internal error') } : undefined)],
    ['a 503 without a body', (call: ApiCall) => (call.path === '/User/ProcessLogin' ? { status: 503, body: '' } : undefined)],
  ])("treats %s of the login call as a failed login: the content's invalid-data message", async (_, handler) => {
    mockApi(handler);
    const user = userEvent.setup();
    renderApp('/nbc');
    await fillNbc(user, 'pat@example.com', 'DEALER27');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('The e-mail address or access code you entered is not valid.')).toBeInTheDocument();
    expect(screen.queryByText('Unexpected error. Please try again')).not.toBeInTheDocument();
    expect(getUserDetail()).toBeNull();
  });

  it('treats a login call that gets no answer (network down) as a failed login', async () => {
    mockApi();
    const answered = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (String(input).includes('/User/ProcessLogin')) throw new TypeError('Failed to fetch');
      return answered!(input, init);
    });
    const user = userEvent.setup();
    renderApp('/nbc');
    await fillNbc(user, 'pat@example.com', 'DEALER27');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('The e-mail address or access code you entered is not valid.')).toBeInTheDocument();
  });

  it("keeps the server's message for too many attempts (429)", async () => {
    mockApi((call) => (call.path === '/User/ProcessLogin' ? { status: 429, body: envelope(null, false, 'Too many attempts. Try again in 10 minutes.') } : undefined));
    const user = userEvent.setup();
    renderApp('/nbc');
    await fillNbc(user, 'pat@example.com', 'DEALER27');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Too many attempts. Try again in 10 minutes.')).toBeInTheDocument();
  });
});

describe('login while the content service is down', () => {
  const down = () => new FakeDeliveryService({ codesForToken: CODES_BY_TEST_TOKEN, failWith: 503 });

  it('/nbc shows the form with built-in texts and signs in', async () => {
    const calls = mockApi(LOGIN_OK());
    const user = userEvent.setup();
    renderApp('/nbc', { delivery: down() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In to the National Business Conference' })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(within(screen.getByRole('alert')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['E-mail address is required.', 'Access code is required.']);
    await fillNbc(user, 'pat@example.com', 'DEALER27');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(testLocation().pathname).toBe('/nbc/welcome'));
    expect(calls.find((c) => c.path === '/User/ProcessLogin')?.body).toMatchObject({ userName: 'pat@example.com', password: 'DEALER27' });
  });

  it('/nbc shows the built-in invalid-data message for a failed login', async () => {
    mockApi((call) => (call.path === '/User/ProcessLogin' ? { body: envelope(null, false, 'Invalid') } : undefined));
    const user = userEvent.setup();
    renderApp('/nbc', { delivery: down() });
    await fillNbc(user, 'pat@example.com', 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('The e-mail address or access code you entered is not valid.')).toBeInTheDocument();
  });

  it('/abc asks for the names with built-in labels and messages', async () => {
    mockApi();
    const user = userEvent.setup();
    renderApp('/abc', { delivery: down() });
    await user.click(await screen.findByRole('button', { name: 'Sign In and Register' }));
    expect(within(screen.getByRole('alert')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'E-mail address is required.',
      'Access code is required.',
      'First name is required.',
      'Last name is required.',
    ]);
    expect(screen.getByLabelText('First name')).toHaveAttribute('maxlength', '30');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('maxlength', '50');
  });

  it('/reportLogin works with built-in texts, the configured domain in its messages', async () => {
    mockApi();
    const user = userEvent.setup();
    renderApp('/reportLogin', { delivery: down() });
    await user.type(await screen.findByLabelText('Company e-mail (name@corp.example.com)'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(within(screen.getByRole('alert')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Please enter your company e-mail address ending in @corp.example.com.',
      'Report code is required.',
    ]);
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('shows the form with built-in texts when the content does not answer in time', async () => {
    mockApi();
    class Hanging extends FakeDeliveryService {
      override getAsync<T>(): Promise<never> & Promise<T> {
        return new Promise<never>(() => undefined);
      }
    }
    renderApp('/nbc', { delivery: new Hanging() });
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign In' }, { timeout: LOGIN_CONTENT_WAIT_MS + 3000 })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail address')).toBeInTheDocument();
  });
});

describe('abc login', () => {
  const abcLogin = (call: ApiCall) =>
    call.path === '/User/ProcessLogin' ? { body: envelope(loginData({ accessToken: 'token-general', eventType: 'abc', regType: 'ABC', dealerInfo: null, contentGroups: { agenda: 'general', conference: 'general', faq: 'general' } })) } : undefined;

  async function signIn() {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'sam@example.com');
    await user.type(screen.getByLabelText('Access code'), 'ABC27');
    await user.type(screen.getByLabelText(/^First name/), 'Sam');
    await user.type(screen.getByLabelText(/^Last name/), 'Rivera');
    await user.click(screen.getByRole('button', { name: 'Sign In and Register' }));
  }

  it('requires first and last name', async () => {
    mockApi();
    const user = userEvent.setup();
    renderApp('/abc');
    expect(await screen.findByLabelText(/^First name/)).toHaveAttribute('maxlength', '30');
    expect(screen.getByLabelText(/^Last name/)).toHaveAttribute('maxlength', '50');
    await user.type(screen.getByLabelText('E-mail address'), 'sam@example.com');
    await user.type(screen.getByLabelText('Access code'), 'ABC27');
    await user.click(screen.getByRole('button', { name: 'Sign In and Register' }));
    expect(within(screen.getByRole('alert')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['First name is required.', 'Last name is required.']);
  });

  it('asks for the registration link and goes there when it is a web address', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const calls = mockApi(abcLogin, (call) =>
      call.path === '/api/Enrollment/GetBuiltinLink' ? { body: envelope('http://portal.example/register/abc123') } : undefined,
    );
    renderApp('/abc');
    await signIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://portal.example/register/abc123'));
    const linkCall = calls.find((c) => c.path === '/api/Enrollment/GetBuiltinLink');
    expect(linkCall?.headers.get('authorization')).toBe('Bearer token-general');
    expect(linkCall?.body).toEqual({ firstName: 'Sam', lastName: 'Rivera', regType: 'ABC', isManager: false, isVirtual: false, isGeneralManager: false, eventType: 'abc' });
    expect(calls.find((c) => c.path === '/User/ProcessLogin')?.body).toMatchObject({ firstName: 'Sam', lastName: 'Rivera', eventType: 'abc' });
  });

  it('shows the in-app event page at /abc when the link is not a web address', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockApi(abcLogin, (call) => (call.path === '/api/Enrollment/GetBuiltinLink' ? { body: envelope('registered') } : undefined));
    renderApp('/abc');
    await signIn();
    await screen.findByRole('button', { name: 'Show more' }, { timeout: 10_000 });
    // The sections below the welcome letter load once the reader scrolls.
    fireEvent.scroll(window);
    expect(await screen.findByRole('heading', { name: 'Conference Agenda' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(testLocation().pathname).toBe('/abc');
    expect(assign).not.toHaveBeenCalled();
    // The event page is a signed-in page: its footer has Logout (only the login at /abc has none).
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Northwind Motor Company, Annual Business Conference 2027' }).closest('a')).toHaveAttribute('href', '/abc');
  }, 45_000);

  it("adds 'Something went wrong. Please try again' when the link call fails", async () => {
    mockApi(abcLogin, (call) => (call.path === '/api/Enrollment/GetBuiltinLink' ? { status: 503, body: envelope(null, false, 'Provider down') } : undefined));
    renderApp('/abc');
    await signIn();
    expect(await screen.findByText('Something went wrong. Please try again')).toBeInTheDocument();
  });
});

describe('report login', () => {
  it('has the footer with the content text and a Logout button, which leads to /', async () => {
    mockApi();
    const user = userEvent.setup();
    renderApp('/reportLogin');
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText(/Northwind Motor Company/)).toBeInTheDocument();
    await user.click(within(footer).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(testLocation().pathname).toBe('/'));
  });

  it('signs in with IsReporting and goes to /nbc/dashboard', async () => {
    const calls = mockApi((call) =>
      call.path === '/User/ProcessLogin'
        ? { body: envelope(loginData({ accessToken: 'token-reporting', authorizationPolicy: [], regType: 'RPT', dealerInfo: null })) }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/reportLogin');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(within(screen.getByRole('alert')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['E-mail address is required.', 'Report code is required.']);
    await user.type(screen.getByLabelText(/Company e-mail/), 'reports@corp.example.com');
    await user.type(screen.getByLabelText('Report code'), 'REPORTS27');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(testLocation().pathname).toBe('/nbc/dashboard'));
    expect(calls.find((c) => c.path === '/User/ProcessLogin')?.body).toMatchObject({ userName: 'reports@corp.example.com', password: 'REPORTS27', IsReporting: true, eventType: 'nbc' });
    expect(getUserDetail()?.data.authorizationPolicy).toEqual(['reporting']);
  });

  it("gives a report login whose authorizationPolicy is null 'reporting' (docs/design/web-rules.md, section 4: defaults when the server gives none)", async () => {
    mockApi((call) =>
      call.path === '/User/ProcessLogin'
        ? { body: envelope(loginData({ accessToken: 'token-reporting', authorizationPolicy: null as unknown as string[], regType: 'RPT', dealerInfo: null })) }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/reportLogin');
    await user.type(await screen.findByLabelText(/Company e-mail/), 'reports@corp.example.com');
    await user.type(screen.getByLabelText('Report code'), 'REPORTS27');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(testLocation().pathname).toBe('/nbc/dashboard'));
    expect(getUserDetail()?.data.authorizationPolicy).toEqual(['reporting']);
  });

  it('shows the content message for a wrong code', async () => {
    mockApi((call) => (call.path === '/User/ProcessLogin' ? { body: envelope(null, false, 'Invalid') } : undefined));
    const user = userEvent.setup();
    renderApp('/reportLogin');
    await user.type(await screen.findByLabelText(/Company e-mail/), 'reports@corp.example.com');
    await user.type(screen.getByLabelText('Report code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('The e-mail address or report code you entered is not valid.')).toBeInTheDocument();
  });
});
