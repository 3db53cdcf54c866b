import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { ADMIN_ATTENDEE_TYPES, ADMIN_REGISTRATION_STATUSES, EVENT_TYPES } from '@portal/contracts';
import { adminPaths } from '../admin-paths.ts';
import { PAGE_SIZE } from '../api/admin-types.ts';
import { useRegistrations } from '../api/get-registrations.ts';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import { PageNumberPager } from '../../../components/ui/table/pager.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { toQuery, useListParams } from '../hooks/use-list-params.ts';
import { formatDateTime } from '../utils/format.ts';
import { ATTENDEE_TYPE_LABELS, labelOf } from '../utils/labels.ts';
import { PagedTable } from '../../../components/ui/table/paged-table.tsx';

const FILTERS = { event: '', q: '', status: '', type: '', region: '', store: '', sort: '-updatedAt' };
const any = (label: string) => ({ value: '', label });

export function RegistrationsPage() {
  const [params, update] = useListParams(FILTERS);
  const registrations = useRegistrations(toQuery(params, PAGE_SIZE));
  // Text filters apply on submit, so typing does not send a search per key.
  const [text, setText] = useState({ q: params.q, region: params.region, store: params.store });
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: text.q.trim(), region: text.region.trim(), store: text.store.trim() });
  };
  const sortBy = (sort: string) => update({ sort });

  return (
    <>
      <h1 className="h3 mb-3">Registrations</h1>
      <Form role="search" aria-label="Find registrations" onSubmit={onSearch} className="mb-3">
        <Row xs={1} sm={2} lg={4} xxl={7} className="align-items-end">
          <Col className="col-lg-6 col-xxl-3">
            <TextField id="reg-q" label="Name, e-mail or store" type="search" value={text.q} onChange={(q) => setText((t) => ({ ...t, q }))} className="mb-2" />
          </Col>
          <Col>
            <TextField id="reg-region" label="Region" value={text.region} onChange={(region) => setText((t) => ({ ...t, region }))} className="mb-2" />
          </Col>
          <Col>
            <TextField id="reg-store" label="Store number" value={text.store} onChange={(store) => setText((t) => ({ ...t, store }))} className="mb-2" />
          </Col>
          <Col>
            <Button type="submit" className="mb-2 w-100">
              Search
            </Button>
          </Col>
        </Row>
        <Row xs={1} sm={3} lg={4}>
          <Col>
            <SelectField id="reg-event" label="Event" className="mb-2" value={params.event} onChange={(event) => update({ event })} options={[any('Both events'), ...EVENT_TYPES.map((e) => ({ value: e, label: e }))]} />
          </Col>
          <Col>
            <SelectField id="reg-status" label="Status" className="mb-2" value={params.status} onChange={(status) => update({ status })} options={[any('Any status'), ...ADMIN_REGISTRATION_STATUSES.map((s) => ({ value: s, label: s }))]} />
          </Col>
          <Col>
            <SelectField id="reg-type" label="Attendee type" className="mb-2" value={params.type} onChange={(type) => update({ type })} options={[any('Any type'), ...ADMIN_ATTENDEE_TYPES.map((t) => ({ value: t, label: ATTENDEE_TYPE_LABELS[t] }))]} />
          </Col>
        </Row>
      </Form>
      <PagedTable
        query={registrations}
        loadingLabel="Searching registrations…"
        empty="No registration matches these filters."
        label="Registrations"
        columns={[
          { header: 'Name', sortKey: 'name' },
          { header: 'E-mail', sortKey: 'email' },
          { header: 'Store', sortKey: 'store' },
          'Region',
          'Event',
          { header: 'Type', sortKey: 'type' },
          { header: 'Status', sortKey: 'status' },
          { header: 'Updated', sortKey: 'updatedAt' },
        ]}
        sort={{ current: params.sort, onSort: sortBy }}
        rowKey={(r) => r.id}
        pager={{ label: 'Registration pages, bottom', page: params.page, pageSize: PAGE_SIZE, onPage: (p) => update({ page: p }) }}
        before={(page) => <PageNumberPager label="Registration pages" page={params.page} pageSize={PAGE_SIZE} total={page.total} onPage={(p) => update({ page: p })} />}
      >
        {(r) => (
          <>
            <td>
              <Link to={adminPaths.registration(r.id)}>
                {r.firstName} {r.lastName}
              </Link>
            </td>
            <td className="text-nowrap">{r.email ?? '—'}</td>
            <td>{r.storeDlrnum ? `${r.storeDlrnum} ${r.storeName ?? ''}` : '—'}</td>
            <td>{r.region ?? '—'}</td>
            <td>{r.event}</td>
            <td>{labelOf(ATTENDEE_TYPE_LABELS, r.attendeeType)}</td>
            <td>
              <StatusBadge status={r.status} />
            </td>
            <td className="text-nowrap">{formatDateTime(r.updatedAt)}</td>
          </>
        )}
      </PagedTable>
    </>
  );
}
