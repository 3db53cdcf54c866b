/**
 * The registration page's transfer section and read-only mode (docs/transfers.md): give my place to
 * a colleague, the pending offer with Withdraw, the colleague's Accept, and the page after the
 * event's changes have closed.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RegistrationPage as PageData, RegistrationSubmit, RegistrationSummary } from '@portal/contracts';
import RegistrationPage from './pages/registration-page.tsx';
import { registrationPageData } from './testing/registration-page-data.ts';
import { failBody, fakeRegistrationApi, okBody, renderRegistrationPage, type Answer } from './testing/registration-api.tsx';

const ENROLLED: PageData = registrationPageData({
  purpose: 'revisit',
  status: 'Enrolled',
  arrivalDate: '2027-03-01',
  departureDate: '2027-03-04',
  enrolledAt: '2027-01-10T15:30:00.000Z',
  changesCloseAt: '2027-02-20T05:59:59.000Z',
});
const OFFER = {
  status: 'Offered' as const,
  from: { firstName: 'Pat', lastName: 'Morgan' },
  to: { firstName: 'Jordan', lastName: 'Lee', email: 'jordan.lee@morgan-motors.example.com' },
  expiresAt: '2027-02-03T14:05:00.000Z',
};

let getAnswer: Answer;
let postAnswer: (body: RegistrationSubmit) => Answer;
let posts: RegistrationSubmit[];

function summaryOf(page: PageData, changes: Partial<RegistrationSummary> = {}): RegistrationSummary {
  const { purpose: _p, expiresAt: _e, emailEditable: _m, changesCloseAt: _c, changesClosed: _cc, helpDesk: _h, ...rest } = page;
  return { ...rest, ...changes };
}

beforeEach(() => {
  getAnswer = { status: 200, body: okBody(ENROLLED) };
  postAnswer = () => ({ status: 200, body: okBody(summaryOf(ENROLLED, { transfer: OFFER })) });
  posts = fakeRegistrationApi({ get: () => getAnswer, post: (body) => postAnswer(body) });
});

const renderPage = () => renderRegistrationPage(<RegistrationPage />);

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('give my place to a colleague', () => {
  it('asks for the colleague, sends the offer, and shows it sent in place of the form', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Give my place to a colleague' }));
    expect(screen.getByText(/Only a colleague on the staff list of Morgan Motors can take it/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Offer my place' }));
    expect(screen.getByText('Enter the colleague’s e-mail address.')).toBeInTheDocument();
    expect(posts).toEqual([]);
    await user.type(input('Colleague’s first name'), 'Jordan');
    await user.type(input('Colleague’s last name'), 'Lee');
    await user.type(input('Colleague’s e-mail address'), 'jordan.lee@morgan-motors.example.com');
    await user.click(screen.getByRole('button', { name: 'Offer my place' }));
    expect(await screen.findByTestId('transfer-sent')).toHaveTextContent('We have mailed jordan.lee@morgan-motors.example.com a link to accept it');
    expect(posts).toEqual([{ action: 'transfer', firstName: 'Jordan', lastName: 'Lee', email: 'jordan.lee@morgan-motors.example.com' }]);
    // The link is used up: the form to change the registration steps aside.
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal on the e-mail field', async () => {
    const message = 'The colleague must be on the staff list of the same store (10001).';
    postAnswer = () => ({ status: 400, body: failBody(message, [{ field: 'email', message }]) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Give my place to a colleague' }));
    await user.type(input('Colleague’s first name'), 'Sam');
    await user.type(input('Colleague’s last name'), 'Other');
    await user.type(input('Colleague’s e-mail address'), 'sam@other-store.example.com');
    await user.click(screen.getByRole('button', { name: 'Offer my place' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input('Colleague’s e-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Colleague’s first name')).not.toHaveAttribute('aria-invalid');
  });

  it('shows a waiting offer with Withdraw', async () => {
    getAnswer = { status: 200, body: okBody({ ...ENROLLED, transfer: OFFER }) };
    postAnswer = () => ({ status: 200, body: okBody(summaryOf(ENROLLED, { transfer: null })) });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByTestId('transfer-pending')).toHaveTextContent('Jordan Lee (jordan.lee@morgan-motors.example.com) can accept your place until');
    expect(screen.queryByRole('button', { name: 'Give my place to a colleague' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw the offer' }));
    expect(await screen.findByRole('heading', { name: 'Offer withdrawn' })).toBeInTheDocument();
    expect(posts).toEqual([{ action: 'withdrawTransfer' }]);
  });
});

describe('the holder’s old link after the colleague accepted', () => {
  it('says the place has passed to the colleague', async () => {
    getAnswer = { status: 410, body: failBody('Your place has passed to Jordan Lee, who accepted it: this link no longer opens the registration.') };
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your place has passed to a colleague' })).toBeInTheDocument();
    expect(screen.getByText(/Jordan Lee, who accepted it/)).toBeInTheDocument();
  });
});

describe('the colleague’s link', () => {
  it('shows who offers the place and accepts it', async () => {
    getAnswer = { status: 200, body: okBody({ ...ENROLLED, purpose: 'transfer', expiresAt: OFFER.expiresAt, attendee: { ...ENROLLED.attendee, email: null }, transfer: OFFER }) };
    postAnswer = () => ({ status: 200, body: okBody(summaryOf(ENROLLED, { attendee: { firstName: 'Jordan', lastName: 'Lee', email: OFFER.to.email } })) });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'A place offered to you' })).toBeInTheDocument();
    expect(screen.getByTestId('transfer-offer')).toHaveTextContent('Pat Morgan cannot come and offers you their place');
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept the place' }));
    expect(await screen.findByRole('heading', { name: 'You are registered' })).toBeInTheDocument();
    expect(screen.getByText('Jordan Lee is registered for National Business Conference 2027.')).toBeInTheDocument();
    expect(posts).toEqual([{ action: 'acceptTransfer' }]);
  });

  it('an offer withdrawn meanwhile: the server’s reason in place of the button’s promise', async () => {
    getAnswer = { status: 200, body: okBody({ ...ENROLLED, purpose: 'transfer', transfer: OFFER }) };
    postAnswer = () => ({ status: 409, body: failBody('This offer was withdrawn by the colleague who made it.') });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Accept the place' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This offer was withdrawn');
  });
  it('a colleague already registered for the event: the server’s field refusal is shown', async () => {
    const message = 'Jordan Lee already has a registration for this event (Cancelled).';
    getAnswer = { status: 200, body: okBody({ ...ENROLLED, purpose: 'transfer', transfer: OFFER }) };
    postAnswer = () => ({ status: 409, body: failBody(message, [{ field: 'email', message }]) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Accept the place' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('after the changes have closed', () => {
  it('shows the registration read-only with the help desk, and nothing to send', async () => {
    getAnswer = { status: 200, body: okBody({ ...ENROLLED, changesCloseAt: '2026-11-01T00:00:00.000Z', changesClosed: true }) };
    renderPage();
    const notice = await screen.findByTestId('changes-closed');
    expect(notice).toHaveTextContent('Changes to registrations closed');
    expect(within(notice).getByRole('link', { name: '(800) 555-0142' })).toHaveAttribute('href', 'tel:8005550142');
    expect(within(notice).getByRole('link', { name: 'nbc.helpdesk@corp.example.com' })).toHaveAttribute('href', 'mailto:nbc.helpdesk@corp.example.com');
    expect(input('Arrival date')).toBeDisabled();
    expect(screen.getByRole('radio', { name: /In person/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel my registration' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Give my place to a colleague' })).not.toBeInTheDocument();
  });
});
