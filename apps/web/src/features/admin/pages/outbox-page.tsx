import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { ADMIN_OUTBOX_STATUSES, type OutboxMail } from '@portal/contracts';
import { adminPaths } from '../admin-paths.ts';
import { PAGE_SIZE } from '../api/admin-types.ts';
import { useOutbox } from '../api/get-outbox.ts';
import { useResendOutboxMail } from '../api/resend-outbox-mail.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { useConfirmTarget } from '../hooks/use-confirm-target.ts';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { toQuery, useListParams } from '../hooks/use-list-params.ts';
import { formatDateTime } from '../utils/format.ts';
import { OUTBOX_STATUS_LABELS, sentenceCase } from '../utils/labels.ts';
import { ACTIONS } from '../../../components/ui/table/data-table.tsx';
import { PagedTable } from '../../../components/ui/table/paged-table.tsx';
import { PageTitle } from '../components/page-title.tsx';

export function OutboxPage() {
  const [params, update] = useListParams({ status: '' });
  const outbox = useOutbox(toQuery(params, PAGE_SIZE));
  const resend = useResendOutboxMail();
  const { target: toResend, ask: askResend, dialog } = useConfirmTarget(resend, (mail: OutboxMail) => mail.id);

  return (
    <>
      <PageTitle title="Outbox">
        <SelectField
          id="outbox-status"
          label="Status"
          className="mb-0"
          value={params.status}
          onChange={(status) => update({ status })}
          options={[{ value: '', label: 'Any status' }, ...ADMIN_OUTBOX_STATUSES.map((s) => ({ value: s, label: OUTBOX_STATUS_LABELS[s] }))]}
        />
      </PageTitle>
      <PagedTable
        query={outbox}
        loadingLabel="Loading the outbox…"
        empty={params.status ? `No ${params.status} mail.` : 'No mail has been written yet.'}
        label="Mails"
        columns={['Written', 'Kind', 'To', 'Subject', 'Status', { header: 'Attempts', className: 'text-end' }, 'Last error', 'Sent / next try', ACTIONS]}
        rowKey={(mail) => mail.id}
        pager={{ label: 'Outbox pages', page: params.page, pageSize: PAGE_SIZE, onPage: (p) => update({ page: p }) }}
      >
        {(mail) => (
          <>
            <td className="text-nowrap">{formatDateTime(mail.createdAt)}</td>
            <td>{sentenceCase(mail.kind)}</td>
            <td className="text-nowrap">{mail.to}</td>
            <td>
              {mail.subject ?? <span className="text-body-secondary">not written yet</span>}
              {mail.linksRemoved && <div className="small text-body-secondary">Personal link removed after delivery</div>}
            </td>
            <td>
              <StatusBadge status={mail.status} />
            </td>
            <td className="text-end">{mail.attempts}</td>
            <td className="small text-break cell-wide">{mail.lastError ?? '—'}</td>
            <td className="text-nowrap">{mail.sentAt ? formatDateTime(mail.sentAt) : mail.nextAttemptAt ? `next ${formatDateTime(mail.nextAttemptAt)}` : '—'}</td>
            <td>
              {mail.linksRemoved ? (
                <span className="small text-body-secondary">
                  {mail.registrationId !== null ? <Link to={adminPaths.registration(mail.registrationId)}>Resend link</Link> : 'Resend link'} on the registration
                </span>
              ) : (
                <Button size="sm" variant="outline-primary" onClick={() => askResend(mail)} aria-label={`Resend ${mail.kind} mail ${mail.id} to ${mail.to}`} disabled={mail.status === 'sending' || mail.status === 'pending'}>
                  Resend
                </Button>
              )}
            </td>
          </>
        )}
      </PagedTable>
      <ConfirmDialog
        {...dialog}
        title="Send this mail again?"
        confirmLabel="Resend"
        variant="primary"
      >
        <p>
          A new copy of this {toResend?.kind} mail is queued for {toResend?.to}
          {toResend?.status === 'sent' ? ', who already received it once' : ''}.
        </p>
      </ConfirmDialog>
    </>
  );
}
