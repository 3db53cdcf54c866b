/**
 * Each door's count, live (docs/event-days.md, "Each door's count"): per device the scans of the
 * last 15 minutes and of the event's day, the badges it printed, and its last sync, in red when a
 * paired device has not synced for 2 minutes; below, the event's arrivals per hour as bars. Polled
 * every 10 s while shown. The chart is one image with a summary as its name; the numbers are in
 * the table beside it for screen readers.
 */
import { useCheckInActivity } from '../../api/event-days.ts';
import { DataTable } from '../../../../components/ui/table/data-table.tsx';
import { EmptyState, QueryState } from '../../../../components/ui/table/query-state.tsx';
import { formatCount, formatDateTime } from '../../utils/format.ts';
import { Panel } from './panel.tsx';

function minutesSince(iso: string | null, asOf: string): string {
  if (!iso) return 'never synced';
  const minutes = Math.floor((Date.parse(asOf) - Date.parse(iso)) / 60_000);
  return `not synced for ${minutes} min`;
}

const CHART_HEIGHT = 140;

/** Arrivals per local hour as SVG bars, the hour under every few bars. */
export function HourlyArrivals({ hours }: { hours: ReadonlyArray<{ hour: string; arrivals: number }> }) {
  if (hours.length === 0) return <EmptyState>No arrivals yet.</EmptyState>;
  const max = Math.max(...hours.map((h) => h.arrivals), 1);
  const bar = 18;
  const gap = 4;
  const width = hours.length * (bar + gap);
  const total = hours.reduce((n, h) => n + h.arrivals, 0);
  const busiest = hours.reduce((a, b) => (b.arrivals > a.arrivals ? b : a));
  const label = `Arrivals per hour from ${hours[0]!.hour} to ${hours.at(-1)!.hour}: ${total} in all, most at ${busiest.hour} (${busiest.arrivals}). The numbers are in the table below.`;
  const every = Math.max(1, Math.ceil(hours.length / 12));
  return (
    <div className="overflow-auto">
      <svg role="img" aria-label={label} width={width} height={CHART_HEIGHT + 34} viewBox={`0 0 ${width} ${CHART_HEIGHT + 34}`} data-testid="arrivals-per-hour">
        {hours.map((h, i) => {
          const height = Math.round((h.arrivals / max) * CHART_HEIGHT);
          const x = i * (bar + gap);
          return (
            <g key={h.hour}>
              <rect x={x} y={CHART_HEIGHT - height} width={bar} height={height} fill="#0d6efd">
                <title>{`${h.hour}: ${h.arrivals}`}</title>
              </rect>
              {i % every === 0 && (
                <text x={x} y={CHART_HEIGHT + 14} fontSize="10" fill="#495057">
                  {h.hour.slice(11, 13)}h
                </text>
              )}
              {i % every === 0 && (h.hour.slice(11, 13) === '00' || i === 0) && (
                <text x={x} y={CHART_HEIGHT + 28} fontSize="10" fill="#495057">
                  {h.hour.slice(5, 10)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

export function DoorActivity({ event }: { event: string }) {
  const activity = useCheckInActivity(event);
  return (
    <Panel id="door-activity-title" title="Doors now" aside={<span className="small text-body-secondary">Live: refreshes every 10 seconds.</span>}>
      <QueryState query={activity} loadingLabel="Loading the doors' counts…">
        {(data) => (
          <>
            {data.doors.length === 0 ? (
              <EmptyState>No door devices for {event} yet.</EmptyState>
            ) : (
              <DataTable
                label="Doors now"
                striped={false}
                columns={[
                  'Door',
                  'Last sync',
                  { header: 'Scans, last 15 min', className: 'text-end' },
                  { header: 'Scans today', className: 'text-end' },
                  { header: 'Badges printed', className: 'text-end' },
                ]}
                rows={data.doors.filter((d) => d.state !== 'revoked')}
                rowKey={(d) => d.deviceId}
              >
                {(d) => (
                  <>
                    <td>{d.name}</td>
                    <td className={d.stale ? 'text-danger fw-semibold' : undefined} data-stale={d.stale || undefined}>
                      {d.state === 'paired' ? formatDateTime(d.lastSyncAt) : 'not paired yet'}
                      {d.stale && <div className="small">{minutesSince(d.lastSyncAt, data.asOf)}</div>}
                    </td>
                    <td className="text-end">{formatCount(d.scansLast15Min)}</td>
                    <td className="text-end">{formatCount(d.scansToday)}</td>
                    <td className="text-end">{formatCount(d.prints)}</td>
                  </>
                )}
              </DataTable>
            )}
            <h3 className="h6 mt-3">Arrivals per hour ({data.timeZone})</h3>
            <HourlyArrivals hours={data.arrivalsByHour} />
            {data.arrivalsByHour.length > 0 && (
              <table className="visually-hidden">
                <caption>Arrivals per hour</caption>
                <thead>
                  <tr>
                    <th scope="col">Hour</th>
                    <th scope="col">Arrivals</th>
                  </tr>
                </thead>
                <tbody>
                  {data.arrivalsByHour.map((h) => (
                    <tr key={h.hour}>
                      <td>{h.hour}</td>
                      <td>{h.arrivals}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </QueryState>
    </Panel>
  );
}
