import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { notify } from '../../../lib/toast.ts';
import { setUserDetail } from '../../../lib/user-storage.ts';
import RetailerReportPage from './retailer-report-page.tsx';
import { saveFile } from '../../../lib/save-file.ts';

vi.mock('../../../lib/toast.ts', () => ({
  notify: { success: vi.fn(async () => {}), error: vi.fn(async () => {}), info: vi.fn(), warning: vi.fn() },
  useToastContainerRequested: () => false,
}));
vi.mock('../../../lib/save-file.ts', () => ({ saveFile: vi.fn() }));

const content = {
  heading: 'Retailer Enrollment Report',
  inputLabel: 'Event Code',
  inputPlaceholder: 'Enter the event code',
  buttonText: 'Download Retailer Report',
  reportHeaders: 'Store Code,Store Name,Status',
};
let retailerReportContent = content;
vi.mock('../api/get-retailer-report-content.ts', () => ({
  useRetailerReportContent: () => ({ isPending: false, content: retailerReportContent }),
}));

function storeReportUser() {
  setUserDetail({
    succeeded: true,
    message: null,
    data: {
      accessToken: 'report-token',
      expiresAt: '2027-03-01T18:00:00Z',
      regType: 'RPT',
      eventType: 'nbc',
      programInfo: { isVirtual: true },
      dealerInfo: null,
      authorizationPolicy: ['reporting'],
      user: { email: 'reports@corp.example.com', firstName: '', lastName: '' },
      contentGroups: { agenda: 'general', conference: 'general', faq: 'general' },
    },
  });
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={['/nbc/dashboard']}>
      <AppProviders queryClient={queryClient}>
        <RetailerReportPage />
      </AppProviders>
    </MemoryRouter>,
  );
}

function stubFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  retailerReportContent = content;
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
  vi.mocked(saveFile).mockClear();
  storeReportUser();
});

describe('RetailerReportPage', () => {
  it('shows the heading, label, placeholder and button from content', () => {
    stubFetch(async () => json({}));
    renderPage();
    expect(screen.getByRole('heading', { name: 'Retailer Enrollment Report' })).toBeInTheDocument();
    expect(screen.getByLabelText('Event Code')).toHaveAttribute('placeholder', 'Enter the event code');
    expect(screen.getByRole('button', { name: 'Download Retailer Report' })).toBeEnabled();
  });

  it("reads 'Generating...' and is disabled while working, then downloads and toasts success", async () => {
    let release!: (response: Response) => void;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Event Code'), 'NBC27');
    await user.click(screen.getByRole('button', { name: 'Download Retailer Report' }));

    const busy = await screen.findByRole('button', { name: 'Generating...' });
    expect(busy).toBeDisabled();
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(url.pathname).toBe('/api/Report/GetRetailerReport');
    expect(Object.fromEntries(url.searchParams)).toEqual({ eventCode: 'NBC27', reportHeaders: 'Store Code,Store Name,Status' });
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('Authorization')).toBe('Bearer report-token');

    release(json({ succeeded: true, message: 'ok', data: { reportData: { fileContents: btoa('xlsx'), fileDownloadName: 'Retailers.xlsx' } } }));
    expect(await screen.findByRole('button', { name: 'Download Retailer Report' })).toBeEnabled();
    expect(notify.success).toHaveBeenCalledWith('Report Generated Successfully');
    expect(saveFile).toHaveBeenCalledTimes(1);
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toMatch(/^Retailers_\d{8}_\d{6}\.xlsx$/);
  });

  it("toasts 'Please enter an Event Code.' and calls nothing for a blank code", async () => {
    const fetchMock = stubFetch(async () => json({}));
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Event Code'), '   ');
    await user.click(screen.getByRole('button', { name: 'Download Retailer Report' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Please enter an Event Code.'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("toasts 'Report Headers Not Found.' when the content has no columns", async () => {
    retailerReportContent = { ...content, reportHeaders: '' };
    const fetchMock = stubFetch(async () => json({}));
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Event Code'), 'NBC27{Enter}');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Report Headers Not Found.'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("toasts the server's 'No data found' for an unknown event code and returns to idle", async () => {
    stubFetch(async () => json({ succeeded: false, message: 'No data found', data: null }));
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Event Code'), 'NOPE{Enter}');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('No data found'));
    expect(screen.getByRole('button', { name: 'Download Retailer Report' })).toBeEnabled();
    expect(saveFile).not.toHaveBeenCalled();
  });

  it("toasts 'Request failed' for an HTTP error without a message", async () => {
    stubFetch(async () => new Response('', { status: 502 }));
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Event Code'), 'NBC27{Enter}');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Request failed'));
  });
});
