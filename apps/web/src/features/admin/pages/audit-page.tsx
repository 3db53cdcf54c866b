import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { EVENT_TYPES } from '@portal/contracts';
import { PAGE_SIZE } from '../api/admin-types.ts';
import { useAudit } from '../api/get-audit.ts';
import { AuditDetail } from '../components/audit-detail.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import { toQuery, useListParams } from '../hooks/use-list-params.ts';
import { formatDateTime, fromLocalInput, toLocalInput } from '../utils/format.ts';
import { PagedTable } from '../../../components/ui/table/paged-table.tsx';

export function AuditPage() {
  const [params, update] = useListParams({ actor: '', action: '', from: '', to: '', event: '' });
  const audit = useAudit(toQuery(params, PAGE_SIZE));
  const [text, setText] = useState({ actor: params.actor, action: params.action, from: toLocalInput(params.from), to: toLocalInput(params.to) });
  const [rangeError, setRangeError] = useState<string | undefined>();
  const onFilter = (e: FormEvent) => {
    e.preventDefault();
    const from = fromLocalInput(text.from) ?? '';
    const to = fromLocalInput(text.to) ?? '';
    if (from && to && to < from) {
      setRangeError('"To" must be after "from".');
      return;
    }
    setRangeError(undefined);
    update({ actor: text.actor.trim(), action: text.action.trim(), from, to });
  };

  return (
    <>
      <h1 className="h3 mb-3">Audit log</h1>
      <Form role="search" aria-label="Filter the audit log" onSubmit={onFilter} className="mb-3">
        <Row xs={1} sm={2} lg={3} xl={6} className="align-items-end">
          <Col>
            <TextField id="audit-actor" type="email" label="Actor e-mail" value={text.actor} onChange={(actor) => setText((t) => ({ ...t, actor }))} className="mb-2" />
          </Col>
          <Col>
            <TextField id="audit-action" label="Action" value={text.action} onChange={(action) => setText((t) => ({ ...t, action }))} className="mb-2" placeholder="e.g. login" />
          </Col>
          <Col>
            <TextField id="audit-from" type="datetime-local" label="From" value={text.from} onChange={(from) => setText((t) => ({ ...t, from }))} className="mb-2" />
          </Col>
          <Col>
            <TextField id="audit-to" type="datetime-local" label="To" value={text.to} onChange={(to) => setText((t) => ({ ...t, to }))} className="mb-2" error={rangeError} />
          </Col>
          <Col>
            <SelectField id="audit-event" label="Event" className="mb-2" value={params.event} onChange={(event) => update({ event })} options={[{ value: '', label: 'Any event' }, ...EVENT_TYPES.map((e) => ({ value: e, label: e }))]} />
          </Col>
          <Col>
            <Button type="submit" className="mb-2">
              Filter
            </Button>
          </Col>
        </Row>
      </Form>
      <PagedTable
        query={audit}
        loadingLabel="Loading the audit log…"
        empty="No audit entries match these filters."
        label="Audit entries"
        columns={['When', 'Action', 'Actor', 'Event', 'Result', 'From', 'Details']}
        rowKey={(entry) => entry.id}
        pager={{ label: 'Audit log pages', page: params.page, pageSize: PAGE_SIZE, onPage: (p) => update({ page: p }) }}
      >
        {(entry) => (
          <>
            <td className="text-nowrap">{formatDateTime(entry.at)}</td>
            <td>{entry.action}</td>
            <td className="text-nowrap">{entry.actorEmail ?? (entry.organizerId ? `organizer ${entry.organizerId}` : '—')}</td>
            <td>{entry.eventId ?? '—'}</td>
            <td>{entry.success ? 'done' : 'failed'}</td>
            <td>{entry.ip ?? '—'}</td>
            <td>
              <AuditDetail detail={entry.detail} />
            </td>
          </>
        )}
      </PagedTable>
    </>
  );
}
