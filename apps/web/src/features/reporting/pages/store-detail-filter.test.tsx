/**
 * The detail filter on arrival (docs/design/web-rules.md, section 4: "Detail filter resets to ALL on leaving"). In a file
 * of its own: the page remembers, per document, whether it was shown before.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, type ApiCall } from '../testing/fake-api.ts';
import { storeFooter, storeRow } from '../testing/report-fixtures.ts';
import { renderRoute } from '../../../testing/render-route.tsx';
import { StoreDetailPage } from './store-detail-page.tsx';
import { MessagesArea } from '../../../i18n/area.tsx';
import { reportingMessages } from '../messages.ts';

const DETAIL = '/nbc/reporting/region/010/zone/010-1/district/010-1-1/?regionName=Northeast&zoneName=Boston+Metro&districtName=Back+Bay';

function storesFor(call: ApiCall) {
  const { select } = call.body as { select: string };
  const rows = select === 'N' ? [storeRow({ 'dealer Name': 'Harbor Auto', atdName: '', loginid: '' })] : [storeRow()];
  return ok({ dataSet: { table: [...rows, storeFooter] } });
}

/** The detail page with browser-like history buttons around it. */
function DetailWithHistory() {
  const navigate = useNavigate();
  return (
    <MessagesArea area={reportingMessages}>
      <StoreDetailPage />
      <button type="button" onClick={() => void navigate('/nbc/reporting/region')}>
        Elsewhere
      </button>
    </MessagesArea>
  );
}

function Elsewhere() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser Back
    </button>
  );
}

describe('store detail filter', () => {
  it('keeps the filter of the address it was loaded at, and starts at ALL when the browser comes back to it', async () => {
    const api = fakeApi({ 'POST /api/Report/GetEnrollments': storesFor });
    const user = userEvent.setup();
    renderRoute(`${DETAIL}&select=N`, '/nbc/reporting/*', <RoutesUnderTest />);
    // A reload or a shared link: the address's filter holds.
    expect(await screen.findByRole('combobox', { name: 'Show' })).toHaveValue('N');
    expect(await screen.findByText('Harbor Auto')).toBeInTheDocument();
    expect(api.callsTo('/api/Report/GetEnrollments').map((c) => (c.body as { select: string }).select)).toEqual(['N']);

    // Leave, then come back with the browser's Back: the entry still says select=N, the page says ALL.
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Browser Back' }));
    expect(await screen.findByRole('combobox', { name: 'Show' })).toHaveValue('ALL');
    expect(screen.getByTestId('location').textContent).not.toContain('select=');
    expect(await screen.findByText('Pat Morgan')).toBeInTheDocument();
    const selects = api.callsTo('/api/Report/GetEnrollments').map((c) => (c.body as { select: string }).select);
    // Nothing is asked with the old filter after coming back.
    expect(selects[0]).toBe('N');
    expect(selects.slice(1).length).toBeGreaterThan(0);
    expect(selects.slice(1).every((select) => select === 'ALL')).toBe(true);
  });
});

function RoutesUnderTest() {
  return (
    <Routes>
      <Route path="region/:region/zone/:zone/district/:district/" element={<DetailWithHistory />} />
      <Route path="region" element={<Elsewhere />} />
    </Routes>
  );
}
