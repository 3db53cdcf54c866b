import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import {
  createWebhookRequestSchema,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES_SENT,
  type CreatedWebhook,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@portal/contracts';
import { PAGE_SIZE } from '../api/admin-types.ts';
import {
  useCreateWebhook,
  useDisableWebhook,
  useRetryWebhookDelivery,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { ShownOnce } from '../components/copy-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { ACTIONS, DataTable } from '../../../components/ui/table/data-table.tsx';
import { PagedTable } from '../../../components/ui/table/paged-table.tsx';
import { EmptyState, ErrorAlert, QueryState } from '../../../components/ui/table/query-state.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { useConfirmTarget } from '../hooks/use-confirm-target.ts';
import { formatDateTime } from '../utils/format.ts';
import { fieldErrorsOf } from '../utils/zod-errors.ts';
import { FormCard } from '../components/form-card.tsx';
import { CheckField } from '../../../components/ui/form/check-field.tsx';

const SENT = new Set<string>(WEBHOOK_EVENT_TYPES_SENT);

function NewEndpointForm({ onCreated, onCancel }: { onCreated: (created: CreatedWebhook) => void; onCancel: () => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES_SENT]);
  const [includeSensitive, setIncludeSensitive] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toggle = (type: WebhookEventType) => setEvents((list) => (list.includes(type) ? list.filter((t) => t !== type) : [...list, type]));
  const onSubmit = () => {
    const checked = createWebhookRequestSchema.safeParse({ url, description, events, includeSensitive });
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      return;
    }
    setErrors({});
    create.mutate(checked.data, { onSuccess: onCreated });
  };
  return (
    <FormCard title="New endpoint" onSubmit={onSubmit} error={create.error} errorTitle="Not created." submitLabel="Add endpoint" pending={create.isPending} onCancel={onCancel}>
      <TextField id="webhook-url" label="URL" value={url} onChange={setUrl} error={errors.url} placeholder="https://crm.example.com/hooks/portal" hint="https:// only (http:// and this machine's addresses in demo mode). Internal addresses are refused unless WEBHOOK_ALLOW_PRIVATE=true." />
      <TextField id="webhook-description" label="Description" value={description} onChange={setDescription} error={errors.description} hint="For organizers only, e.g. CRM or travel desk." />
      <CheckField
        className="mb-3"
        id="webhook-include-sensitive"
        label="Include sensitive answers (health, accessibility) in registration bodies"
        checked={includeSensitive}
        onChange={setIncludeSensitive}
      />
      <fieldset className="mb-3" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend className="form-label fs-6">Events</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <CheckField
            key={type}
            id={`webhook-event-${type}`}
            label={
              <>
                <code>{type}</code>
                {!SENT.has(type) && <span className="small text-body-secondary"> (sent once the feature exists)</span>}
              </>
            }
            checked={events.includes(type)}
            onChange={() => toggle(type)}
          />
        ))}
        {errors.events && (
          <div className="invalid-feedback d-block" id="webhook-events-error">
            {errors.events}
          </div>
        )}
      </fieldset>
    </FormCard>
  );
}

function AttemptList({ delivery }: { delivery: WebhookDelivery }) {
  if (!delivery.attemptLog.length) return <span className="text-body-secondary">none yet</span>;
  return (
    <ol className="mb-0 ps-3 small" aria-label={`Attempts of delivery ${delivery.id}`}>
      {delivery.attemptLog.map((a) => (
        <li key={a.attempt}>
          {formatDateTime(a.at)}: {a.statusCode ?? 'no answer'}
          {a.error && a.statusCode === null ? ` (${a.error})` : ''}, {a.durationMs} ms
        </li>
      ))}
    </ol>
  );
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpoint.id, { page, pageSize: PAGE_SIZE });
  const retry = useRetryWebhookDelivery();
  return (
    <section aria-labelledby="webhook-deliveries-title" className="mt-4">
      <h2 id="webhook-deliveries-title" className="h5">
        Deliveries to {endpoint.url}
      </h2>
      {retry.isError && <ErrorAlert error={retry.error} title="Not retried." />}
      <PagedTable
        query={deliveries}
        loadingLabel="Loading deliveries…"
        empty="Nothing sent to this endpoint yet."
        label="Deliveries"
        striped={false}
        columns={['Event', 'Status', 'Attempts', 'Response', 'Last attempt', 'Next attempt', ACTIONS]}
        rowKey={(d) => d.id}
        rowProps={(d) => ({ 'data-testid': `delivery-${d.id}` })}
        pager={{ label: 'Delivery pages', page, pageSize: PAGE_SIZE, onPage: setPage }}
      >
        {(d) => (
          <>
            <td>
              <code>{d.eventType}</code>
              <div className="small text-body-secondary text-break">{d.messageId}</div>
            </td>
            <td>
              <StatusBadge status={d.status} />
            </td>
            <td>
              {d.attempts}
              <AttemptList delivery={d} />
            </td>
            <td>{d.lastStatusCode ?? (d.lastError ? <span className="text-break">{d.lastError}</span> : '—')}</td>
            <td>{d.lastAttemptAt ? `${formatDateTime(d.lastAttemptAt)} (${d.lastDurationMs} ms)` : '—'}</td>
            <td>{d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : '—'}</td>
            <td>
              {d.status === 'failed' && (
                <Button size="sm" variant="outline-primary" disabled={retry.isPending} onClick={() => retry.mutate({ id: d.id })} aria-label={`Retry delivery ${d.id}`}>
                  Retry
                </Button>
              )}
            </td>
          </>
        )}
      </PagedTable>
    </section>
  );
}

type EndpointAction = { endpoint: WebhookEndpoint; action: 'disable' | 'rotate' };

/** Webhook endpoints: add, send a test event, rotate the secret, disable or enable; each one's deliveries and retries. */
export function WebhooksPage() {
  const webhooks = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<CreatedWebhook | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const test = useTestWebhook();
  const enable = useUpdateWebhook();
  const disable = useDisableWebhook();
  const rotate = useRotateWebhookSecret();
  const act = {
    mutate: (target: EndpointAction, options: { onSuccess: () => void }) =>
      target.action === 'disable'
        ? disable.mutate({ id: target.endpoint.id }, options)
        : rotate.mutate({ id: target.endpoint.id }, { onSuccess: (created) => (setSecret(created), options.onSuccess()) }),
    reset: () => (disable.reset(), rotate.reset()),
    isPending: disable.isPending || rotate.isPending,
    error: disable.error ?? rotate.error,
  };
  const { target, ask, dialog } = useConfirmTarget(act, (t: EndpointAction) => t);

  return (
    <>
      <h1 className="h3 mb-3">Webhooks</h1>
      <p className="text-body-secondary">
        The portal tells other systems (CRM, travel desk, dealer systems) about every registration change: each event is sent, signed, to the endpoints that subscribe to it, retried for up to three days, and in order per registration.
      </p>
      {secret && (
        <ShownOnce
          title={`Signing secret of ${secret.url}`}
          className="mb-4"
          note="Give it to the receiver now: it is shown only this once. Receivers check each request's signature with it (docs/webhooks.md)."
          value={secret.secret}
          valueClassName="text-break"
          testId="webhook-secret"
          copyLabel="Copy secret"
          onDone={() => setSecret(null)}
        />
      )}
      {adding ? (
        <NewEndpointForm
          onCreated={(created) => {
            setAdding(false);
            setSecret(created);
            setSelected(created.id);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button className="mb-3" onClick={() => setAdding(true)}>
          Add endpoint
        </Button>
      )}
      {test.isError && <ErrorAlert error={test.error} title="No test event sent." />}
      {enable.isError && <ErrorAlert error={enable.error} title="Not enabled." />}
      {test.isSuccess && (
        <Alert variant="info" role="status">
          Test event queued ({test.data.messageId}); it is listed below.
        </Alert>
      )}
      <QueryState query={webhooks} loadingLabel="Loading endpoints…">
        {(list) =>
          list.total === 0 ? (
            <EmptyState>No endpoint yet.</EmptyState>
          ) : (
            <DataTable
              label="Webhook endpoints"
              columns={['URL', 'Events', 'Status', 'Waiting / failed', ACTIONS]}
              rows={list.rows}
              rowKey={(e) => e.id}
              rowProps={(e) => ({ className: selected === e.id ? 'table-active' : undefined })}
            >
              {(e) => (
                <>
                  <td className="text-break">
                    {e.url}
                    {e.description && <div className="small text-body-secondary">{e.description}</div>}
                    {e.includeSensitive && <div className="small text-body-secondary">Receives sensitive answers</div>}
                  </td>
                  <td className="small">{e.events.join(', ')}</td>
                  <td>
                    {e.enabled ? <Badge bg="success">Enabled</Badge> : <Badge bg="secondary">Disabled</Badge>}
                    {!e.enabled && e.disabledReason === 'gone' && <div className="small text-body-secondary">The receiver answered 410 Gone.</div>}
                  </td>
                  <td>
                    {e.pending} / {e.failed}
                  </td>
                  <td>
                    <div className="d-flex flex-wrap gap-1">
                      <Button size="sm" variant="outline-secondary" onClick={() => setSelected(e.id)} aria-label={`Deliveries of ${e.url}`} aria-pressed={selected === e.id}>
                        Deliveries
                      </Button>
                      {e.enabled ? (
                        <>
                          <Button size="sm" variant="outline-primary" disabled={test.isPending} onClick={() => (setSelected(e.id), test.mutate({ id: e.id }))} aria-label={`Send a test event to ${e.url}`}>
                            Send test event
                          </Button>
                          <Button size="sm" variant="outline-secondary" onClick={() => ask({ endpoint: e, action: 'rotate' })} aria-label={`Rotate the secret of ${e.url}`}>
                            Rotate secret
                          </Button>
                          <Button size="sm" variant="outline-danger" onClick={() => ask({ endpoint: e, action: 'disable' })} aria-label={`Disable ${e.url}`}>
                            Disable
                          </Button>
                        </>
                      ) : (
                        <Button size="sm" variant="outline-primary" disabled={enable.isPending} onClick={() => enable.mutate({ id: e.id, enabled: true })} aria-label={`Enable ${e.url}`}>
                          Enable
                        </Button>
                      )}
                    </div>
                  </td>
                </>
              )}
            </DataTable>
          )
        }
      </QueryState>
      {selected !== null && webhooks.data?.rows.find((e) => e.id === selected) && <Deliveries key={selected} endpoint={webhooks.data.rows.find((e) => e.id === selected)!} />}
      <ConfirmDialog
        {...dialog}
        title={target?.action === 'rotate' ? 'Rotate the signing secret?' : 'Disable this endpoint?'}
        confirmLabel={target?.action === 'rotate' ? 'Rotate secret' : 'Disable endpoint'}
        variant={target?.action === 'rotate' ? 'primary' : 'danger'}
      >
        {target?.action === 'rotate' ? (
          <p>
            A new secret is shown once. For 24 hours each request to <strong>{target.endpoint.url}</strong> carries a signature with the old secret as well, so the receiver can switch without losing events.
          </p>
        ) : (
          <p>
            Nothing more is sent to <strong>{target?.endpoint.url}</strong> and new changes are not queued for it. Deliveries already waiting are kept and go out if you enable it again.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
