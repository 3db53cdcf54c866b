import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationPage as PageData, RegistrationSubmit, RegistrationSummary } from '@portal/contracts';
import { resetLanguageForTests, setLanguage } from '../../i18n/language.ts';
import RegistrationPage from './pages/registration-page.tsx';
import { registrationPageData } from './testing/registration-page-data.ts';
import { failBody, fakeRegistrationApi, okBody, renderRegistrationPage, REGISTRATION_PATH, type Answer } from './testing/registration-api.tsx';

const PENDING: PageData = registrationPageData();
/** A place offered from the waiting list. */
const OFFERED = { ...PENDING, purpose: 'revisit', status: 'Offered', offerExpiresAt: '2027-02-03T14:05:00.000Z' };

let getAnswer: Answer;
let postAnswer: (body: RegistrationSubmit) => Answer;
let posts: RegistrationSubmit[];

function summaryOf(page: PageData, body: RegistrationSubmit): RegistrationSummary {
  const { purpose: _p, expiresAt: _e, emailEditable: _m, changesCloseAt: _c, changesClosed: _cc, helpDesk: _h, ...rest } = page;
  if (body.action === 'cancel') return { ...rest, status: 'Cancelled', isFree: false };
  if (body.action !== 'submit') return { ...rest, status: 'Enrolled', isFree: false };
  return {
    ...rest,
    status: 'Enrolled',
    attendee: { firstName: body.firstName, lastName: body.lastName, email: body.email },
    isVirtual: body.isVirtual,
    arrivalDate: body.arrivalDate ?? null,
    departureDate: body.departureDate ?? null,
    enrolledAt: '2027-01-10T15:30:00.000Z',
    isFree: true,
  };
}

beforeEach(() => {
  getAnswer = { status: 200, body: okBody(PENDING) };
  postAnswer = (body) => ({ status: 200, body: okBody(summaryOf(PENDING, body)) });
  posts = fakeRegistrationApi({
    get: () => getAnswer,
    post: (body) => postAnswer(body),
    other: (path, init) => (path === `${REGISTRATION_PATH}/MailLink` && init?.method === 'POST' ? { status: 200, body: okBody({ sentTo: 'p***@m***.com' }) } : undefined),
  });
});

const renderPage = () => renderRegistrationPage(<RegistrationPage />);

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorItems = () => screen.queryAllByRole('listitem').map((li) => li.textContent);

describe('hosted registration page', () => {
  it('shows the pending registration for the attendee to confirm', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Complete your registration' })).toBeInTheDocument();
    expect(screen.getByText(/National Business Conference 2027, Monday, March 1, 2027 to Thursday, March 4, 2027 · Morgan Motors/)).toBeInTheDocument();
    expect(input('First name').value).toBe('Pat');
    expect(input('Last name').value).toBe('Morgan');
    expect(input('E-mail address')).toHaveValue('pat.morgan@morgan-motors.example.com');
    expect(input('E-mail address')).toHaveAttribute('readonly');
    expect(screen.getByRole('radio', { name: /In person/ })).toBeChecked();
    expect(input('Arrival date')).toHaveAttribute('min', '2027-03-01');
    expect(input('Arrival date')).toHaveAttribute('max', '2027-03-04');
    expect(screen.queryByRole('button', { name: 'Cancel my registration' })).not.toBeInTheDocument();
  });

  it('asks for dates inside the event window, departure not before arrival, before it submits', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Complete registration' }));
    expect(errorItems()).toEqual(['Arrival date is required.', 'Departure date is required.']);
    await user.type(input('Arrival date'), '2027-03-03');
    await user.type(input('Departure date'), '2027-03-02');
    expect(errorItems()).toEqual(['Departure date cannot be before the arrival date.']);
    expect(posts).toEqual([]);
  });

  it('completes the registration and shows the confirmation', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Arrival date'), '2027-03-01');
    await user.type(input('Departure date'), '2027-03-04');
    await user.click(screen.getByRole('button', { name: 'Complete registration' }));
    expect(await screen.findByRole('heading', { name: 'You are registered' })).toHaveFocus();
    expect(posts).toEqual([
      { action: 'submit', firstName: 'Pat', lastName: 'Morgan', email: 'pat.morgan@morgan-motors.example.com', isVirtual: false, arrivalDate: '2027-03-01', departureDate: '2027-03-04' },
    ]);
    expect(screen.getByText('Complimentary')).toBeInTheDocument();
    expect(screen.getByText('Monday, March 1, 2027')).toBeInTheDocument();
    expect(screen.getByText('Thursday, March 4, 2027')).toBeInTheDocument();
  });

  it('sends virtual attendance without dates', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /Virtually/ }));
    expect(screen.queryByLabelText('Arrival date')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete registration' }));
    await screen.findByRole('heading', { name: 'You are registered' });
    expect(posts[0]).toMatchObject({ isVirtual: true, arrivalDate: null, departureDate: null });
    expect(screen.getByText('Virtual')).toBeInTheDocument();
  });

  it('offers no virtual attendance when the event has none', async () => {
    getAnswer = { status: 200, body: okBody({ ...PENDING, event: { ...PENDING.event, isVirtual: false } }) };
    renderPage();
    expect(await screen.findByRole('radio', { name: /In person/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Virtually/ })).not.toBeInTheDocument();
  });

  it('asks a person known by name only for an e-mail and shows the server refusing a taken one', async () => {
    getAnswer = { status: 200, body: okBody({ ...PENDING, emailEditable: true, attendee: { firstName: 'Casey', lastName: 'Rivers', email: null } }) };
    postAnswer = () => ({ status: 409, body: failBody('This e-mail address belongs to another attendee.', [{ field: 'email', message: 'This e-mail address belongs to another attendee.' }]) });
    const user = userEvent.setup();
    renderPage();
    const email = await screen.findByLabelText('E-mail address');
    expect(email).toHaveValue('');
    expect(email).not.toHaveAttribute('readonly');
    await user.click(screen.getByRole('radio', { name: /Virtually/ }));
    await user.click(screen.getByRole('button', { name: 'Complete registration' }));
    expect(errorItems()).toEqual(['E-mail address is required.']);
    await user.type(email, 'corp.user@corp.example.com');
    await user.click(screen.getByRole('button', { name: 'Complete registration' }));
    expect(await screen.findByText('This e-mail address belongs to another attendee.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'Complete your registration' })).toBeInTheDocument();
  });

  it.each([
    [404, 'This link is not valid'],
    [409, 'This link cannot be used again'],
    [410, 'This link has expired'],
  ])('shows a clear page for a link answered %i', async (status, heading) => {
    getAnswer = { status, body: failBody(`Server says ${status}.`) };
    renderPage();
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByText(`Server says ${status}.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the portal' })).toHaveAttribute('href', '/');
  });

  it('shows a clear page when registration has closed since the link was handed out', async () => {
    getAnswer = { status: 409, body: failBody('Registration for National Business Conference 2027 closed on 2027-02-15.') };
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Registration has closed' })).toBeInTheDocument();
    expect(screen.getByText('Registration for National Business Conference 2027 closed on 2027-02-15.')).toBeInTheDocument();
  });

  it('shows a clear page when the last place was taken before the submit', async () => {
    postAnswer = () => ({ status: 409, body: failBody('National Business Conference 2027 is full: all 900 places are taken.') });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /Virtually/ }));
    await user.click(screen.getByRole('button', { name: 'Complete registration' }));
    expect(await screen.findByRole('heading', { name: 'No place is left' })).toBeInTheDocument();
  });

  it('shows the used-link page when another tab submitted first', async () => {
    postAnswer = () => ({ status: 409, body: failBody('This registration link has already been used.') });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /Virtually/ }));
    await user.click(screen.getByRole('button', { name: 'Complete registration' }));
    expect(await screen.findByRole('heading', { name: 'This link cannot be used again' })).toBeInTheDocument();
    expect(screen.getByText('This registration link has already been used.')).toBeInTheDocument();
  });

  it('sends one submit however often the button is pressed while it is saving', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await gate;
      return original(input, init);
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /Virtually/ }));
    const button = screen.getByRole('button', { name: 'Complete registration' });
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled());
    await user.click(screen.getByRole('button', { name: 'Saving…' }));
    release();
    await screen.findByRole('heading', { name: 'You are registered' });
    expect(posts).toHaveLength(1);
  });

  it('lets a revisit change the dates or cancel after confirming', async () => {
    const enrolled: PageData = { ...PENDING, purpose: 'revisit', status: 'Enrolled', arrivalDate: '2027-03-01', departureDate: '2027-03-04', enrolledAt: '2027-01-10T15:30:00.000Z', isFree: true };
    getAnswer = { status: 200, body: okBody(enrolled) };
    postAnswer = (body) => ({ status: 200, body: okBody(summaryOf(enrolled, body)) });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your registration' })).toBeInTheDocument();
    expect(input('Arrival date').value).toBe('2027-03-01');
    await user.click(screen.getByRole('button', { name: 'Cancel my registration' }));
    expect(screen.getByText('Cancel the registration of Pat Morgan?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep my registration' }));
    expect(posts).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel my registration' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByRole('heading', { name: 'Your registration has been cancelled' })).toBeInTheDocument();
    expect(posts).toEqual([{ action: 'cancel' }]);
  });

  it('shows "Your badge" with its QR code and code once Enrolled, printable', async () => {
    const code = 'EP1.AAHiQANuYmMAAxZSbhY.wA0r21f6QTboxagApCDAa_AUhGS3YRdK97JvFdWVa-BdcFqby8LgPL0fN08dHm5ooB2U-zeGOKidE08rT7-9DQ';
    const enrolled: PageData = { ...PENDING, purpose: 'revisit', status: 'Enrolled', arrivalDate: '2027-03-01', departureDate: '2027-03-04', isFree: true, badge: { code } };
    getAnswer = { status: 200, body: okBody(enrolled) };
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your badge' })).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'Badge QR code of Pat Morgan' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByText(code)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print badge' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('a page opened from the portal: a cancel answers that a link was mailed (masked), and the badge comes by mail', async () => {
    const enrolled: PageData = { ...PENDING, purpose: 'revisit', status: 'Enrolled', arrivalDate: '2027-03-01', departureDate: '2027-03-04', isFree: true, badge: null, linkMailed: false };
    getAnswer = { status: 200, body: okBody(enrolled) };
    const message = 'To cancel this registration, please use the link we have just mailed to p***@m***.com: this page was opened from the portal, and only a link from your mailbox can do that.';
    postAnswer = () => ({ status: 403, body: failBody(message) });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your badge' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Badge QR code/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mail me the link to my badge' }));
    expect(await screen.findByText('We have mailed a link to p***@m***.com. Open it to see your badge.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel my registration' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your registration' })).toBeInTheDocument();
  });

  it('shows no badge on a pending registration', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Complete your registration' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your badge' })).toBeNull();
  });

  it('saves changed dates of a revisit', async () => {
    const enrolled: PageData = { ...PENDING, purpose: 'revisit', status: 'Enrolled', arrivalDate: '2027-03-01', departureDate: '2027-03-04', isFree: true };
    getAnswer = { status: 200, body: okBody(enrolled) };
    const user = userEvent.setup();
    renderPage();
    const arrival = await screen.findByLabelText('Arrival date');
    await user.clear(arrival);
    await user.type(arrival, '2027-03-02');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Your registration has been updated' })).toBeInTheDocument();
    expect(posts[0]).toMatchObject({ action: 'submit', arrivalDate: '2027-03-02', departureDate: '2027-03-04' });
  });
});

describe('hosted registration page on the waiting list (docs/waiting-lists.md)', () => {
  it('after a submit at a full house: the position', async () => {
    const user = userEvent.setup();
    postAnswer = (body) => ({ status: 200, body: okBody({ ...summaryOf(PENDING, body), status: 'Waitlisted', enrolledAt: null, isFree: false, waitlistPosition: 4 }) });
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /Virtual/ }));
    await user.click(screen.getByRole('button', { name: 'Complete registration' }));
    expect(await screen.findByRole('heading', { name: 'You are on the waiting list' })).toBeInTheDocument();
    expect(screen.getByTestId('waitlist-position')).toHaveTextContent('position 4');
  });

  it('waiting: shows the position and leaves the list after a confirmation', async () => {
    const user = userEvent.setup();
    getAnswer = { status: 200, body: okBody({ ...PENDING, purpose: 'revisit', status: 'Waitlisted', waitlistPosition: 1 }) };
    renderPage();
    expect(await screen.findByTestId('waitlist-position')).toHaveTextContent('Your position: 1 (you are next)');
    await user.click(screen.getByRole('button', { name: 'Leave the waiting list' }));
    await user.click(screen.getByRole('button', { name: 'Yes, leave' }));
    expect(await screen.findByRole('heading', { name: 'Your registration has been cancelled' })).toBeInTheDocument();
    expect(posts).toEqual([{ action: 'cancel' }]);
  });

  it('offered: shows the expiry and claims the place', async () => {
    const user = userEvent.setup();
    getAnswer = { status: 200, body: okBody(OFFERED) };
    renderPage();
    expect(await screen.findByRole('heading', { name: 'A place is offered to you' })).toBeInTheDocument();
    expect(screen.getByTestId('offer-expiry')).toHaveTextContent('2027');
    await user.click(screen.getByRole('button', { name: 'Claim my place' }));
    expect(await screen.findByRole('heading', { name: 'You are registered' })).toBeInTheDocument();
    expect(posts).toEqual([{ action: 'claim' }]);
  });

  it('a lapsed offer: the server says so, the page shows it', async () => {
    const user = userEvent.setup();
    getAnswer = { status: 200, body: okBody(OFFERED) };
    postAnswer = () => ({ status: 409, body: failBody('This offer has lapsed: the place has gone to the next person on the waiting list.') });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Claim my place' }));
    expect(await screen.findByText(/This offer has lapsed/)).toBeInTheDocument();
  });
});

describe('the page in French', () => {
  afterEach(() => {
    window.localStorage.clear();
    resetLanguageForTests();
  });

  it('reads in Canadian French: dates, labels, checks and the confirmation; the organizer’s words stay as written', async () => {
    setLanguage('fr-CA');
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Finalisez votre inscription' })).toBeInTheDocument();
    expect(screen.getByText('National Business Conference 2027, du lundi 1 mars 2027 au jeudi 4 mars 2027 · Morgan Motors')).toBeInTheDocument();
    expect(input('Prénom').value).toBe('Pat');
    await user.click(screen.getByRole('button', { name: 'Terminer l’inscription' }));
    expect(errorItems()).toEqual(['La date d’arrivée est obligatoire.', 'La date de départ est obligatoire.']);
    await user.type(input('Date d’arrivée'), '2027-03-01');
    await user.type(input('Date de départ'), '2027-03-04');
    await user.click(screen.getByRole('button', { name: 'Terminer l’inscription' }));
    expect(await screen.findByRole('heading', { name: 'Votre inscription est confirmée' })).toHaveFocus();
    expect(screen.getByText('Gratuite')).toBeInTheDocument();
    expect(screen.getByText('lundi 1 mars 2027')).toBeInTheDocument();
    expect(screen.getByText(/^Votre porte-nom accompagne le courriel de confirmation envoyé à pat\.morgan@morgan-motors\.example\.com :/)).toBeInTheDocument();
    // The catalog's no-break space before the colon reaches the page (the query above normalizes it).
    expect(screen.getByTestId('badge-in-mail').textContent).toContain('example.com\u00a0:');
  });
});
