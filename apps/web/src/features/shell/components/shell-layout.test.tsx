import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getUserDetail, setUserDetail } from '../../../lib/user-storage.ts';
import { FakeDeliveryService } from '../../../testing/fake-delivery.ts';
import { CODES_BY_TEST_TOKEN, envelope, loginData, mockApi, renderApp, storeLogin, testLocation } from '../../../testing/render-app.tsx';

const BANNER_ALT = 'National Business Conference 2027, March 1 to 4, Las Vegas';

async function navigation() {
  return within(await screen.findByRole('navigation'));
}

async function tabNames() {
  const nav = await navigation();
  await nav.findByRole('link', { name: 'Welcome' });
  return within(nav.getByRole('list')).getAllByRole('link').map((link) => link.textContent);
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

/** A signed-in attendee on the nbc welcome page, with the content service answering; returns the user's events. */
function openWelcome() {
  storeLogin();
  mockApi();
  const user = userEvent.setup();
  renderApp('/nbc/welcome');
  return user;
}

describe('route guards', () => {
  it.each(['/nbc/welcome', '/nbc/enrollment', '/nbc/dashboard', '/nbc/reporting/region', '/nbc/unknown', '/nope'])('sends %s without a stored login to /', async (path) => {
    mockApi();
    renderApp(path);
    await waitFor(() => expect(testLocation().pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'National Business Conference 2027' })).toHaveAttribute('href', '/nbc');
    expect(screen.getByRole('link', { name: 'Annual Business Conference 2027' })).toHaveAttribute('href', '/abc');
  });
});

describe('shell', () => {
  it('shows the tabs of a general login, the brand logo linking to welcome, and starts at welcome', async () => {
    storeLogin({ accessToken: 'token-general' });
    mockApi();
    renderApp('/nbc/welcome');
    expect(await tabNames()).toEqual(['Welcome', 'Conference Info', 'Agenda', 'Sessions', 'Attire', 'FAQ', 'Las Vegas', 'Enrollment']);
    const logo = await screen.findByRole('img', { name: 'Northwind Motor Company, National Business Conference 2027' });
    expect(logo).toHaveAttribute('width', '225');
    expect(logo).toHaveAttribute('height', '60');
    expect(logo.closest('a')).toHaveAttribute('href', '/nbc/welcome');
    expect((await navigation()).getByRole('link', { name: 'Welcome' })).toHaveAttribute('aria-current', 'location');
    expect(screen.getByRole('img', { name: BANNER_ALT })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Retailer Expo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('adds the expo link for expo and reporting for field; corporate gets both', async () => {
    storeLogin({ accessToken: 'token-expo', authorizationPolicy: ['expo'] });
    mockApi();
    const first = renderApp('/nbc/welcome');
    expect(await tabNames()).toEqual(['Welcome', 'Conference Info', 'Agenda', 'Sessions', 'Attire', 'FAQ', 'Las Vegas', 'Expo', 'Enrollment']);
    await screen.findByRole('button', { name: 'Show more' });
    fireEvent.scroll(window);
    expect(await screen.findByRole('heading', { name: 'Retailer Expo' }, { timeout: 15_000 })).toBeInTheDocument();
    first.unmount();

    storeLogin({ accessToken: 'token-field', authorizationPolicy: ['field'] });
    const second = renderApp('/nbc/welcome');
    expect(await tabNames()).toEqual(['Welcome', 'Conference Info', 'Agenda', 'Sessions', 'Attire', 'FAQ', 'Las Vegas', 'Enrollment', 'Reporting']);
    second.unmount();

    storeLogin({ accessToken: 'token-corporate', authorizationPolicy: ['corporate'] });
    renderApp('/nbc/welcome');
    expect(await tabNames()).toEqual(['Welcome', 'Conference Info', 'Agenda', 'Sessions', 'Attire', 'FAQ', 'Las Vegas', 'Expo', 'Enrollment', 'Reporting']);
   }, 20_000);

  it('removes the server’s copy of the bar and banner once its own header is in, and only then', async () => {
    const overlay = document.createElement('div');
    overlay.id = 'first-paint';
    overlay.dataset.path = '/nbc/welcome';
    document.body.prepend(overlay);
    storeLogin({ accessToken: 'token-general' });
    mockApi();
    renderApp('/nbc/welcome');
    // While the header is asked for, the server's copy stays.
    expect(document.getElementById('first-paint')).not.toBeNull();
    await screen.findByRole('img', { name: BANNER_ALT });
    await waitFor(() => expect(document.getElementById('first-paint')).toBeNull());
  });

  it('sends the portal token to the content service', async () => {
    storeLogin({ accessToken: 'token-general' });
    mockApi();
    const { delivery } = renderApp('/nbc/welcome');
    await tabNames();
    const header = delivery.calls.find((call) => call.url.includes('system.type=header_layout_detail'));
    expect(header?.url).toContain('elements.access_codes[any]=navigatingcorp');
    expect(header?.url).toContain('depth=2');
    expect(header?.headers).toContainEqual({ header: 'Authorization', value: 'Bearer token-general' });
  });

  it('opens and closes the collapsed menu with the toggle (aria-expanded)', async () => {
    const user = openWelcome();
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('scrolls smoothly to a section and marks its tab on the welcome page', async () => {
    const user = openWelcome();
    const nav = await navigation();
    await user.click(await nav.findByRole('link', { name: 'Agenda' }));
    // At once, or as soon as the section is on the page.
    await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' }));
    expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts[0]).toBe(document.getElementById('agenda'));
    expect(nav.getByRole('link', { name: 'Agenda' })).toHaveAttribute('aria-current', 'location');
    expect(nav.getByRole('link', { name: 'Welcome' })).not.toHaveAttribute('aria-current');
    expect(testLocation().hash).toBe('#agenda');
  });

  it('arriving at /nbc/welcome#faq scrolls to the FAQ once it is on the page and marks its tab', async () => {
    storeLogin();
    mockApi();
    renderApp('/nbc/welcome#faq');
    await waitFor(() => expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(document.getElementById('faq')));
    expect(document.getElementById('faq')).not.toBeNull();
    // The tabs come with the header's content, which may arrive after the section's.
    const faq = await (await navigation()).findByRole('link', { name: 'FAQ' });
    await waitFor(() => expect(faq).toHaveAttribute('aria-current', 'location'));
  });

  it('from another page a scroll tab leads to its section of the welcome page', async () => {
    storeLogin();
    mockApi();
    const user = userEvent.setup();
    renderApp('/nbc/enrollment');
    await user.click(await (await navigation()).findByRole('link', { name: 'FAQ' }));
    await waitFor(() => expect(`${testLocation().pathname}${testLocation().hash}`).toBe('/nbc/welcome#faq'));
  });

  // Section 7 of docs/design/web-rules.md: GetRevisitURL, "called on enrollment tab click | data.data URL, fallback
  // /nbc/enrollment; opens in new window"; without a link the
  // window is not closed again in favour of the enrollment page in this tab.
  it('the enrollment tab opens a window within the click and points it at the revisit link, else at the enrollment page', async () => {
    storeLogin();
    const popup = { opener: window as unknown, closed: false, location: { href: '' }, close: vi.fn(() => (popup.closed = true)) };
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    let revisit: string | null = 'http://localhost:3000/register/revisit-token';
    let answer: () => void = () => undefined;
    mockApi((call) => (call.path === '/api/Enrollment/GetRevisitURL' ? { body: envelope(revisit) } : undefined));
    const answered = vi.mocked(fetch).getMockImplementation()!;
    // Hold the GetRevisitURL answer back: the window must already be open while it is on its way.
    vi.mocked(fetch).mockImplementation((input, init) =>
      String(input).includes('GetRevisitURL') ? new Promise((resolve) => (answer = () => resolve(answered(input, init)))) : answered(input, init),
    );
    const user = userEvent.setup();
    renderApp('/nbc/welcome');
    const nav = await navigation();
    await user.click(await nav.findByRole('link', { name: 'Enrollment' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    answer();
    await waitFor(() => expect(popup.location.href).toBe('http://localhost:3000/register/revisit-token'));
    expect(popup.opener).toBeNull();
    expect(testLocation().pathname).toBe('/nbc/welcome');

    // No registration yet: the window opened at the click shows the enrollment page; this tab stays.
    revisit = null;
    popup.opener = window;
    popup.location.href = '';
    await user.click(nav.getByRole('link', { name: 'Enrollment' }));
    expect(open).toHaveBeenCalledTimes(2);
    answer();
    await waitFor(() => expect(popup.location.href).toBe(`${window.location.origin}/nbc/enrollment`));
    expect(popup.close).not.toHaveBeenCalled();
    expect(popup.opener).toBeNull();
    expect(testLocation().pathname).toBe('/nbc/welcome');
  }, 15_000);

  it('the enrollment tab without a revisit link offers the enrollment page when the browser blocked the window', async () => {
    storeLogin();
    vi.spyOn(window, 'open').mockImplementation(() => null);
    mockApi((call) => (call.path === '/api/Enrollment/GetRevisitURL' ? { body: envelope(null) } : undefined));
    const user = userEvent.setup();
    renderApp('/nbc/welcome');
    await user.click(await (await navigation()).findByRole('link', { name: 'Enrollment' }));
    const alert = await screen.findByText(/Your browser blocked the new window/);
    expect(within(alert).getByRole('link', { name: 'the enrollment page' })).toHaveAttribute('href', `${window.location.origin}/nbc/enrollment`);
    expect(testLocation().pathname).toBe('/nbc/welcome');
  });

  it('the enrollment tab says when the browser blocked the window and offers the link', async () => {
    storeLogin();
    vi.spyOn(window, 'open').mockImplementation(() => null);
    mockApi((call) => (call.path === '/api/Enrollment/GetRevisitURL' ? { body: envelope('http://localhost:3000/register/revisit-token') } : undefined));
    const user = userEvent.setup();
    renderApp('/nbc/welcome');
    await user.click(await (await navigation()).findByRole('link', { name: 'Enrollment' }));
    const alert = await screen.findByText(/Your browser blocked the new window/);
    expect(alert).toHaveAttribute('role', 'alert');
    expect(within(alert).getByRole('link', { name: 'your registration' })).toHaveAttribute('href', 'http://localhost:3000/register/revisit-token');
    expect(window.open).toHaveBeenCalledTimes(1);
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/Your browser blocked the new window/)).not.toBeInTheDocument();
  });

  // docs/design/web-rules.md, section 2, shell: "The brand logo (225 by 60) links to welcome." A report-login user's too
  //: it led to /nbc/dashboard.
  it('a report user sees the logo (not the site title), linking to welcome like everyone\'s', async () => {
    storeLogin({ accessToken: 'token-reporting', authorizationPolicy: ['reporting'], dealerInfo: null, regType: 'RPT' });
    mockApi();
    const user = userEvent.setup();
    renderApp('/nbc/dashboard');
    const logo = await screen.findByRole('img', { name: 'Northwind Motor Company, National Business Conference 2027' });
    expect(logo).toHaveAttribute('width', '225');
    expect(logo.closest('a')).toHaveAttribute('href', '/nbc/welcome');
    expect((await navigation()).queryByText('National Business Conference 2027')).not.toBeInTheDocument();
    await user.click(logo);
    await waitFor(() => expect(testLocation().pathname).toBe('/nbc/welcome'));
    expect(await screen.findByRole('button', { name: 'Show more' }, { timeout: 10_000 })).toBeInTheDocument();
  }, 20_000);

  it('shows no reports to a field or corporate login without a granted report scope', async () => {
    storeLogin({ accessToken: 'token-field', authorizationPolicy: ['field'], reportScope: null });
    mockApi();
    const first = renderApp('/nbc/welcome');
    expect(await tabNames()).toEqual(['Welcome', 'Conference Info', 'Agenda', 'Sessions', 'Attire', 'FAQ', 'Las Vegas', 'Enrollment']);
    first.unmount();

    // A login stored without the field counts as no grant; the reporting pages send it home.
    const { reportScope: _dropped, ...withoutField } = loginData({ accessToken: 'token-corporate', authorizationPolicy: ['corporate'] });
    setUserDetail({ succeeded: true, message: null, data: withoutField });
    renderApp('/nbc/reporting');
    await waitFor(() => expect(testLocation().pathname).toBe('/'));
  }, 20_000);

  it('hides the banner on the reporting tab', async () => {
    storeLogin({ accessToken: 'token-field', authorizationPolicy: ['field'] });
    mockApi();
    renderApp('/nbc/reporting');
    const nav = await navigation();
    expect(await nav.findByRole('link', { name: 'Reporting' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('img', { name: BANNER_ALT })).not.toBeInTheDocument();
  });

  it('Logout goes to / from welcome and to /reportLogin from the dashboard', async () => {
    storeLogin();
    const calls = mockApi();
    const user = userEvent.setup();
    const first = renderApp('/nbc/welcome');
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(testLocation().pathname).toBe('/'));
    expect(getUserDetail()).toBeNull();
    expect(calls.filter((c) => c.path === '/User/ProcessLogout')).toHaveLength(1);
    first.unmount();

    storeLogin({ accessToken: 'token-reporting', authorizationPolicy: ['reporting'] });
    renderApp('/nbc/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(testLocation().pathname).toBe('/reportLogin'));
  });
});

describe('abc attendee', () => {
  const abcUser = { eventType: 'abc' as const, regType: 'ABC', dealerInfo: null, programInfo: { isVirtual: false } };

  it('the enrollment page carries the abc brand and a Logout, and the brand leads back to the abc event page', async () => {
    storeLogin(abcUser);
    const calls = mockApi();
    const user = userEvent.setup();
    renderApp('/nbc/enrollment');
    const logo = await screen.findByRole('img', { name: 'Northwind Motor Company, Annual Business Conference 2027' });
    expect(screen.queryByRole('img', { name: 'Northwind Motor Company, National Business Conference 2027' })).not.toBeInTheDocument();
    expect(await screen.findByText(/abc\.helpdesk@corp\.example\.com/)).toBeInTheDocument();
    await user.click(logo);
    await waitFor(() => expect(testLocation().pathname).toBe('/abc'));
    expect(testLocation().state).toEqual({ view: 'event' });
    // Still signed in: the event page, not the login (which would end the session).
    expect(await screen.findByRole('button', { name: 'Show more' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(getUserDetail()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(testLocation().pathname).toBe('/'));
    expect(getUserDetail()).toBeNull();
    // The Logout button calls it, and the landing page it leads to ends any session on entry too (docs/design/web-rules.md: ProcessLogout on every logout).
    expect(calls.filter((c) => c.path === '/User/ProcessLogout').length).toBeGreaterThanOrEqual(1);
  }, 20_000);

  it('a scroll tab on the abc enrollment page leads to its section of the abc event page', async () => {
    storeLogin(abcUser);
    mockApi();
    const user = userEvent.setup();
    renderApp('/nbc/enrollment');
    await user.click(await (await navigation()).findByRole('link', { name: 'FAQ' }));
    await waitFor(() => expect(`${testLocation().pathname}${testLocation().hash}`).toBe('/abc#faq'));
    expect(testLocation().state).toEqual({ view: 'event' });
   }, 20_000);
});

describe('401', () => {
  it('from the API: removes userdetail and goes to /', async () => {
    storeLogin();
    vi.spyOn(window, 'open').mockImplementation(() => null);
    mockApi((call) => (call.path === '/api/Enrollment/GetRevisitURL' ? { status: 401, body: envelope(null, false, 'Unauthorized') } : undefined));
    const user = userEvent.setup();
    renderApp('/nbc/welcome');
    await user.click(await (await navigation()).findByRole('link', { name: 'Enrollment' }));
    await waitFor(() => expect(testLocation().pathname).toBe('/'));
    expect(window.localStorage.getItem('userdetail')).toBeNull();
  });

  it('from the content service: the same', async () => {
    storeLogin();
    mockApi();
    renderApp('/nbc/welcome', { delivery: new FakeDeliveryService({ codesForToken: CODES_BY_TEST_TOKEN, failWith: 401 }) });
    await waitFor(() => expect(testLocation().pathname).toBe('/'));
    expect(getUserDetail()).toBeNull();
  });
});

describe('sections below the welcome letter', () => {
  it('load only once the reader scrolls (or asks for one), not with the first screen', async () => {
    storeLogin();
    mockApi();
    const { delivery } = renderApp('/nbc/welcome');
    await screen.findByRole('button', { name: 'Show more' });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 300)));
    const asked = () => delivery.calls.map((call) => call.url);
    expect(asked().some((url) => url.includes('system.type=welcome_page'))).toBe(true);
    expect(asked().some((url) => url.includes('system.type=faq_page') || url.includes('agenda_page_item'))).toBe(false);
    expect(document.getElementById('faq')).toBeNull();
    fireEvent.scroll(window);
    expect(await screen.findByRole('region', { name: /Frequently Asked Questions|FAQ/ }, { timeout: 15_000 })).toBeInTheDocument();
    // The queries below the welcome section start one per task, so the FAQ section may show its
    // placeholder (the first section still loading) a few tasks before its query goes out.
    await waitFor(() => expect(asked().some((url) => url.includes('system.type=faq_page'))).toBe(true), { timeout: 5_000 });
  }, 20_000);
});

describe('welcome letter', () => {
  it('starts collapsed, cut at a word before 600 characters; Show more and Show less toggle it', async () => {
    const user = openWelcome();
    const toggle = await screen.findByRole('button', { name: 'Show more' });
    const letter = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const collapsed = letter?.textContent ?? '';
    expect(collapsed.endsWith('…')).toBe(true);
    expect(collapsed.length).toBeLessThanOrEqual(600);
    expect(collapsed).toContain('Dear Northwind Retail Partner');
    expect(collapsed).not.toContain('Daniel Okafor');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(letter?.textContent).toContain('Daniel Okafor');
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(letter?.textContent).toBe(collapsed);
    expect(screen.getByTitle('Welcome video')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/Qm7vN2xK4pE');
  });

  it('renders hostile rich text from content inert', async () => {
    storeLogin();
    mockApi();
    const delivery = new FakeDeliveryService({ codesForToken: CODES_BY_TEST_TOKEN });
    delivery.patchElement('nbc', 'welcome_page', 'letter', '<p>Hi<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">x</a></p>');
    renderApp('/nbc/welcome', { delivery });
    const section = await screen.findByRole('region', { name: 'Welcome' });
    await within(section).findByText('Hi');
    expect(section.innerHTML).not.toMatch(/onerror|<script|javascript:/i);
    await act(async () => undefined);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
