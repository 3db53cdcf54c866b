import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionRow, SessionsData } from '@portal/contracts';
import { resetLanguageForTests, setLanguage } from '../../i18n/language.ts';
import { renderWithIntl } from '../../testing/intl.tsx';
import { SessionProgram } from './session-program.tsx';

const row = (r: Partial<SessionRow> & Pick<SessionRow, 'id' | 'title'>): SessionRow => ({
  description: null,
  startsAt: '2027-03-02T14:00:00.000Z',
  endsAt: '2027-03-02T15:30:00.000Z',
  room: 'Salon A',
  track: null,
  entry: 'picked',
  capacity: 40,
  seatsLeft: 12,
  mine: null,
  ...r,
});

const PROGRAM: SessionsData = {
  rows: [
    row({ id: 1, title: 'Keynote', mine: 'Enrolled', seatsLeft: 1 }),
    row({ id: 2, title: 'Service lane', seatsLeft: 0, conflictsWith: 1 }),
    row({ id: 3, title: 'Parts', seatsLeft: 12, startsAt: '2027-03-03T16:00:00.000Z', endsAt: '2027-03-03T17:00:00.000Z' }),
  ],
  event: 'nbc',
  timeZone: 'America/Toronto',
  opensAt: null,
  closesAt: null,
  canPick: true,
  reason: null,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ succeeded: true, message: null, data: PROGRAM }), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
});

afterEach(() => {
  window.localStorage.clear();
  resetLanguageForTests();
});

function renderProgram() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithIntl(
    <QueryClientProvider client={client}>
      <SessionProgram base="/api/Sessions" />
    </QueryClientProvider>,
  );
}

describe('the session program', () => {
  it('shows days, times in the event’s zone, seats left and the overlap in English', async () => {
    renderProgram();
    expect(await screen.findByRole('heading', { name: 'Tuesday, March 2' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My agenda' })).toBeInTheDocument();
    expect(screen.getAllByText('1 seat left').length).toBeGreaterThan(0);
    expect(screen.getByText('12 seats left')).toBeInTheDocument();
    expect(screen.getByText('Full · waiting list')).toBeInTheDocument();
    expect(screen.getByText('Overlaps “Keynote”')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the waiting list: Service lane' })).toBeInTheDocument();
    expect(screen.getAllByText('9:00 AM – 10:30 AM · Salon A').length).toBeGreaterThan(0);
  });

  it('reads in Canadian French: days, 24-hour times, plural seats, « overlap », buttons', async () => {
    setLanguage('fr-CA');
    renderProgram();
    expect(await screen.findByRole('heading', { name: 'mardi 2 mars' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mon horaire' })).toBeInTheDocument();
    expect(screen.getAllByText('1 place restante').length).toBeGreaterThan(0);
    expect(screen.getByText('12 places restantes')).toBeInTheDocument();
    expect(screen.getByText('Complète · liste d’attente')).toBeInTheDocument();
    expect(screen.getByText('Chevauche « Keynote »')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^M’inscrire\s:\sParts$/ })).toHaveTextContent('M’inscrire');
    expect(screen.getAllByText(/^9 h 00 à 10 h 30 · Salon A$/).length).toBeGreaterThan(0);
  });
});
