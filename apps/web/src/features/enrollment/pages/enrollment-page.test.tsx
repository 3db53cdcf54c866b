import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { DealerInfo, EnrollmentLinkRequest, LoginData } from '@portal/contracts';
import { AppProviders } from '../../../app/providers.tsx';
import { ActiveTabProvider, useActiveTab } from '../../../lib/active-tab.tsx';
import { setUserDetail } from '../../../lib/user-storage.ts';
import type * as ContentModule from '../api/get-enrollment-content.ts';
import { enrollmentTexts, type EnrollmentTexts } from '../api/get-enrollment-content.ts';
import EnrollmentPage from './enrollment-page.tsx';
import { translatorOf } from '../../../testing/intl.tsx';
import { enrollmentEn } from '../../../i18n/messages/en/enrollment.ts';
import { enrollmentFrCA } from '../../../i18n/messages/fr-CA/enrollment.ts';

const en = translatorOf(enrollmentEn);

const TEXTS: EnrollmentTexts = {
  physicalLabel: 'Physical',
  virtualLabel: 'Virtual',
  note: '<p>Choose how you will attend.</p>',
  title: 'Enroll an Attendee',
  header: 'Enter the name as on the photo ID.',
  firstNameLabel: 'First Name',
  lastNameLabel: 'Last Name',
  buttonText: 'Continue to Registration',
  messages: {
    firstRequired: 'First name is required.',
    firstTooLong: 'First name cannot be longer than 30 characters.',
    lastRequired: 'Last name is required.',
    lastTooLong: 'Last name cannot be longer than 50 characters.',
  },
};

let texts: EnrollmentTexts = TEXTS;
vi.mock('../api/get-enrollment-content.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ContentModule>()),
  useEnrollmentContent: () => texts,
}));

const LINK = 'http://portal.test/register/tok';
const PAT: DealerInfo = { isDealer: true, executiveManager: 'Pat Morgan', generalManager: 'Jordan Lee', storeCode: '10001', storeName: 'Morgan Motors' };

type LinkAnswer = { status: number; body: unknown };
let linkAnswer: LinkAnswer;
let linkRequests: EnrollmentLinkRequest[];
let popup: { opener: unknown; closed: boolean; location: { href: string }; close: () => void };

function stubApi() {
  linkRequests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/Config') {
        return json(200, { succeeded: true, message: null, data: { registrationProvider: 'Builtin', contentBaseUrl: '/content', reportEmailDomain: 'corp.example.com', content: {}, events: [] } });
      }
      if (url.pathname === '/api/Enrollment/GetBuiltinLink' && init?.method === 'POST') {
        linkRequests.push(JSON.parse(String(init.body)) as EnrollmentLinkRequest);
        return json(linkAnswer.status, linkAnswer.body);
      }
      return json(404, { succeeded: false, message: 'Not found', data: null });
    }),
  );
}

type UserOptions = { dealerInfo?: DealerInfo | null; isVirtual?: boolean; regType?: string; names?: [string, string] };

function storeUser(options: UserOptions) {
  const data: LoginData = {
    accessToken: 'test-token',
    expiresAt: '2027-03-01T18:00:00Z',
    regType: options.regType ?? 'DLR',
    eventType: 'nbc',
    programInfo: { isVirtual: options.isVirtual ?? true },
    dealerInfo: options.dealerInfo === undefined ? PAT : options.dealerInfo,
    authorizationPolicy: ['general'],
    user: { email: 'someone@example.com', firstName: options.names?.[0] ?? 'Pat', lastName: options.names?.[1] ?? 'Morgan' },
    contentGroups: { agenda: 'dealer', conference: 'general', faq: 'general' },
  };
  setUserDetail({ succeeded: true, message: null, data });
}

function ActiveTabProbe() {
  return <output data-testid="active-tab">{useActiveTab().activeTab}</output>;
}

/** Signs a user in (PAT's store unless told otherwise), renders the page and returns the user's events. */
function openPage(options: UserOptions = {}) {
  const user = userEvent.setup();
  storeUser(options);
  renderPage();
  return user;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={['/nbc/enrollment']}>
      <AppProviders queryClient={queryClient}>
        <ActiveTabProvider>
          <ActiveTabProbe />
          <EnrollmentPage />
        </ActiveTabProvider>
      </AppProviders>
    </MemoryRouter>,
  );
}

const firstName = () => screen.getByLabelText('First Name') as HTMLInputElement;
const lastName = () => screen.getByLabelText('Last Name') as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: 'Continue to Registration' });
const errorItems = () => screen.queryAllByRole('listitem').map((li) => li.textContent);
const titleOptions = () => within(screen.getByRole('group', { name: 'Select your title' })).getAllByRole('radio').map((r) => r.closest('div')?.textContent);

beforeEach(() => {
  texts = TEXTS;
  linkAnswer = { status: 200, body: { succeeded: true, message: null, data: LINK } };
  stubApi();
  popup = { opener: window, closed: false, location: { href: '' }, close: vi.fn(() => (popup.closed = true)) };
  vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
});

describe('enrollment screen', () => {
  it('marks the enrollment tab active and starts with Physical, the note and the title choice', async () => {
    openPage();
    expect(screen.getByTestId('active-tab')).toHaveTextContent('enrollment');
    expect(screen.getByRole('radio', { name: 'Physical' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Virtual' })).not.toBeChecked();
    expect(screen.getByText('Choose how you will attend.')).toBeInTheDocument();
    expect(titleOptions()).toEqual(['Executive Manager', 'General Manager', 'Other']);
    expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument();
  });

  describe('General Manager option', () => {
    const cases: Array<[string, Partial<DealerInfo>]> = [
      ['there is no general manager', { generalManager: null }],
      ['the general manager is blank', { generalManager: '   ' }],
      ['the general manager is the executive manager', { generalManager: ' pat morgan ' }],
    ];
    it.each(cases)('is hidden when %s', (_, dealer) => {
      openPage({ dealerInfo: { ...PAT, ...dealer } });
      expect(titleOptions()).toEqual(['Executive Manager', 'Other']);
    });

    it('is shown when a different, non-blank general manager exists', () => {
      openPage();
      expect(screen.getByRole('radio', { name: 'General Manager' })).toBeInTheDocument();
    });
  });

  it('enrols the executive manager after Yes, prefilled, with the manager flow request, in a new window', async () => {
    const user = openPage();
    await user.click(screen.getByRole('radio', { name: 'Executive Manager' }));
    expect(screen.getByText('Are you Pat Morgan?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));

    expect(screen.getByRole('heading', { name: 'Enroll an Attendee' })).toBeInTheDocument();
    expect(screen.getByText('Enter the name as on the photo ID.')).toBeInTheDocument();
    expect(firstName().value).toBe('Pat');
    expect(lastName().value).toBe('Morgan');
    expect(firstName().maxLength).toBe(30);
    expect(lastName().maxLength).toBe(50);

    await user.click(submitButton());
    await waitFor(() => expect(popup.location.href).toBe(LINK));
    expect(linkRequests).toEqual([{ firstName: 'Pat', lastName: 'Morgan', regType: 'DLR', isManager: true, isVirtual: false, isGeneralManager: false, eventType: '1' }]);
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(popup.opener).toBeNull();
    expect(await screen.findByRole('link', { name: 'this link to the registration page' })).toHaveAttribute('href', LINK);
    expect(errorItems()).toEqual([]);
  });

  it('enrols the general manager after Yes with isGeneralManager', async () => {
    const user = openPage();
    await user.click(screen.getByRole('radio', { name: 'General Manager' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(firstName().value).toBe('Jordan');
    expect(lastName().value).toBe('Lee');
    await user.click(submitButton());
    await waitFor(() => expect(linkRequests).toHaveLength(1));
    expect(linkRequests[0]).toMatchObject({ firstName: 'Jordan', lastName: 'Lee', isManager: true, isGeneralManager: true, eventType: '1' });
  });

  it('switches to Other on No, whose button leads to an empty name entry', async () => {
    const user = openPage();
    await user.click(screen.getByRole('radio', { name: 'Executive Manager' }));
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByRole('radio', { name: 'Other' })).toBeChecked();
    expect(screen.queryByText('Are you Pat Morgan?')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: "Enter the attendee's name" }));
    expect(firstName().value).toBe('');
    expect(lastName().value).toBe('');
    await user.type(firstName(), 'Casey');
    await user.type(lastName(), 'Rivers');
    await user.click(submitButton());
    await waitFor(() => expect(linkRequests).toHaveLength(1));
    expect(linkRequests[0]).toEqual({ firstName: 'Casey', lastName: 'Rivers', regType: 'DLR', isManager: false, isVirtual: false, isGeneralManager: false, eventType: 'nbc' });
  });

  it('offers Other directly', async () => {
    const user = openPage();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    expect(screen.queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Enter the attendee's name" }));
    expect(screen.getByLabelText('First Name')).toBeInTheDocument();
    // Choosing a manager title again leaves the name entry for the question.
    await user.click(screen.getByRole('radio', { name: 'General Manager' }));
    expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument();
    expect(screen.getByText('Are you Jordan Lee?')).toBeInTheDocument();
  });

  it('sets the virtual flag with Virtual, shows the virtual view, and clears it with Physical', async () => {
    const user = openPage();
    expect(screen.queryByRole('heading', { name: 'Virtual registration' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Virtual' }));
    expect(screen.getByRole('heading', { name: 'Virtual registration' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: "Enter the attendee's name" }));
    await user.type(firstName(), 'Vic');
    await user.type(lastName(), 'Online');
    await user.click(submitButton());
    await waitFor(() => expect(linkRequests).toHaveLength(1));
    expect(linkRequests[0]).toMatchObject({ isVirtual: true });

    await user.click(screen.getByRole('radio', { name: 'Physical' }));
    expect(screen.queryByRole('heading', { name: 'Virtual registration' })).not.toBeInTheDocument();
    await user.click(submitButton());
    await waitFor(() => expect(linkRequests).toHaveLength(2));
    expect(linkRequests[1]).toMatchObject({ isVirtual: false });
  });

  // docs/design/web-rules.md, section 2, Enrollment screen: "offers a registration type radio choice: Physical (default)
  // or Virtual" — always, not only when the program is virtual.
  it('offers the registration type, Physical by default, when the program is not virtual too', () => {
    openPage({ isVirtual: false });
    expect(screen.getByRole('radio', { name: 'Physical' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Virtual' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Registration type' })).toBeInTheDocument();
  });

  it('lets a non-dealer enrol under their own, prefilled name', async () => {
    const user = openPage({ dealerInfo: { isDealer: false, executiveManager: null, generalManager: null, storeCode: null, storeName: null }, regType: 'CORP', names: ['Corinne', 'User'] });
    expect(screen.queryByRole('group', { name: 'Select your title' })).not.toBeInTheDocument();
    expect(firstName().value).toBe('Corinne');
    expect(lastName().value).toBe('User');
    await user.click(submitButton());
    await waitFor(() => expect(linkRequests).toHaveLength(1));
    expect(linkRequests[0]).toEqual({ firstName: 'Corinne', lastName: 'User', regType: 'CORP', isManager: false, isVirtual: false, isGeneralManager: false, eventType: 'nbc' });
  });

  describe('name checks', () => {
    async function openOther() {
      const user = openPage();
      await user.click(screen.getByRole('radio', { name: 'Other' }));
      await user.click(screen.getByRole('button', { name: "Enter the attendee's name" }));
      return user;
    }

    it('lists the required messages after a submit attempt and sends nothing', async () => {
      const user = await openOther();
      expect(errorItems()).toEqual([]);
      await user.click(submitButton());
      expect(errorItems()).toEqual(['First name is required.', 'Last name is required.']);
      expect(firstName()).toHaveAttribute('aria-invalid', 'true');
      await user.type(firstName(), 'Casey');
      expect(errorItems()).toEqual(['Last name is required.']);
      expect(linkRequests).toEqual([]);
      expect(window.open).not.toHaveBeenCalled();
    });

    it('lists the length messages for names past 30 and 50 characters', async () => {
      const user = await openOther();
      // The boxes stop typing at their limits; a pasted or filled-in value can still be longer.
      fireEvent.change(firstName(), { target: { value: 'x'.repeat(31) } });
      fireEvent.change(lastName(), { target: { value: 'y'.repeat(51) } });
      await user.click(submitButton());
      expect(errorItems()).toEqual(['First name cannot be longer than 30 characters.', 'Last name cannot be longer than 50 characters.']);
      fireEvent.change(firstName(), { target: { value: 'x'.repeat(30) } });
      fireEvent.change(lastName(), { target: { value: 'y'.repeat(50) } });
      expect(errorItems()).toEqual([]);
      await user.click(submitButton());
      await waitFor(() => expect(linkRequests).toHaveLength(1));
    });

    it('stops the submission with built-in messages when the content has none', async () => {
      texts = enrollmentTexts(undefined, undefined, en);
      const user = await openOther();
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(errorItems()).toEqual(['First name is required.', 'Last name is required.']);
      expect(firstName()).toHaveAttribute('aria-invalid', 'true');
      expect(linkRequests).toEqual([]);
      fireEvent.change(firstName(), { target: { value: 'x'.repeat(31) } });
      expect(errorItems()).toEqual(['First name cannot be longer than 30 characters.', 'Last name is required.']);
    });

    it('uses a built-in message where the content leaves one empty', async () => {
      texts = enrollmentTexts(undefined, {
        elements: { first_textbox_required_error: { value: 'Content first.' }, second_textbox_required_error: { value: '  ' } },
      } as unknown as Parameters<typeof enrollmentTexts>[1], en);
      const user = await openOther();
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(errorItems()).toEqual(['Content first.', 'Last name is required.']);
    });
  });

  it.each([
    ['the call fails', { status: 500, body: { succeeded: false, message: 'Unexpected error', data: null } }],
    ['the answer does not succeed', { status: 200, body: { succeeded: false, message: 'No', data: null } }],
  ])('adds the failure message to the list and closes the empty window when %s', async (_, answer) => {
    linkAnswer = answer;
    const user = openPage();
    await user.click(screen.getByRole('radio', { name: 'Executive Manager' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await user.clear(firstName());
    await user.click(submitButton());
    expect(errorItems()).toEqual(['First name is required.']);
    await user.type(firstName(), 'Pat');
    await user.click(submitButton());
    expect(await screen.findByText('Something went wrong. Please try again')).toBeInTheDocument();
    expect(errorItems()).toEqual(['Something went wrong. Please try again']);
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe('');
  });

  it('shows the status when the colleague is already registered (409), and closes the empty window', async () => {
    linkAnswer = { status: 409, body: { succeeded: false, message: 'Jordan Lee is already registered for this event.', data: null } };
    const user = openPage();
    await user.click(screen.getByRole('radio', { name: 'General Manager' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await user.click(submitButton());
    expect(await screen.findByText('Jordan Lee is already registered for this event.')).toBeInTheDocument();
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe('');
  });

  it("shows the server's message when Virtual is chosen for an event without virtual attendance (400 on isVirtual)", async () => {
    const message = 'This event offers no virtual attendance.';
    linkAnswer = { status: 400, body: { succeeded: false, message, data: null, errors: [{ field: 'isVirtual', message }] } };
    const user = openPage({ isVirtual: false, dealerInfo: null, regType: 'CORP', names: ['Corinne', 'User'] });
    await user.click(screen.getByRole('radio', { name: 'Virtual' }));
    await user.click(submitButton());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(linkRequests[0]).toMatchObject({ isVirtual: true });
    expect(popup.close).toHaveBeenCalled();
  });

  it('says the window was blocked and offers the link when the browser refuses it', async () => {
    vi.mocked(window.open).mockImplementation(() => null);
    const user = openPage();
    await user.click(screen.getByRole('radio', { name: 'Executive Manager' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await user.click(submitButton());
    const alert = await screen.findByText(/Your browser blocked the new window/);
    expect(alert).toHaveAttribute('role', 'alert');
    expect(within(alert).getByRole('link', { name: 'the registration page' })).toHaveAttribute('href', LINK);
    // Asked once, at the click; not again outside it.
    expect(window.open).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/has opened in a new window/)).not.toBeInTheDocument();
  });
});

describe('enrollment texts', () => {
  it('gives missing messages and labels built-in fallbacks', () => {
    const t = enrollmentTexts(undefined, undefined, en);
    expect(t.messages).toEqual({
      firstRequired: 'First name is required.',
      firstTooLong: 'First name cannot be longer than 30 characters.',
      lastRequired: 'Last name is required.',
      lastTooLong: 'Last name cannot be longer than 50 characters.',
    });
    expect([t.physicalLabel, t.virtualLabel, t.firstNameLabel, t.lastNameLabel]).toEqual(['Physical', 'Virtual', 'First Name', 'Last Name']);
  });

  it('gives the built-in texts in French for a French reader', () => {
    const t = enrollmentTexts(undefined, undefined, translatorOf(enrollmentFrCA, 'fr-CA'));
    expect(t.messages.firstTooLong).toBe('Le prénom ne peut pas dépasser 30 caractères.');
    expect([t.physicalLabel, t.virtualLabel, t.firstNameLabel, t.buttonText]).toEqual(['En personne', 'Virtuelle', 'Prénom', 'Continuer']);
  });
});
