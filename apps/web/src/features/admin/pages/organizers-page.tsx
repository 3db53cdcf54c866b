import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { AdminOrganizer } from '@portal/contracts';
import { PAGE_SIZE } from '../api/admin-types.ts';
import { useOrganizers, useSetOrganizerActive } from '../api/organizers.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { useConfirmTarget } from '../hooks/use-confirm-target.ts';
import { SearchForm } from '../../../components/ui/form/search-form.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import { ACTIONS } from '../../../components/ui/table/data-table.tsx';
import { PagedTable } from '../../../components/ui/table/paged-table.tsx';
import { toQuery, useListParams } from '../hooks/use-list-params.ts';
import { useAdminSession } from '../utils/admin-session.ts';
import { formatDateTime } from '../utils/format.ts';

const STATE_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Disabled' },
];

/** The console's organizer accounts: who can sign in, with two-factor or not; disable and enable. */
export function OrganizersPage() {
  const session = useAdminSession();
  const [params, update] = useListParams({ q: '', active: '' });
  const organizers = useOrganizers(toQuery(params, PAGE_SIZE));
  const setActive = useSetOrganizerActive();
  const [text, setText] = useState(params.q);
  const { target, ask, dialog } = useConfirmTarget(setActive, (t: { organizer: AdminOrganizer; active: boolean }) => ({ id: t.organizer.id, active: t.active }));
  const self = (o: AdminOrganizer) => o.email === session?.email.toLowerCase();

  return (
    <>
      <h1 className="h3 mb-3">Organizers</h1>
      <p className="text-body-secondary">
        New organizer accounts are created on the server with <code>npm run admin:create -- --email …</code> (a one-time password, changed at the first sign-in).
      </p>
      <SearchForm label="Find organizers" onSearch={() => update({ q: text.trim() })}>
        <TextField id="organizers-q" type="search" label="E-mail or name" value={text} onChange={setText} className="mb-2" />
        <SelectField id="organizers-active" label="State" value={params.active} onChange={(active) => update({ active })} options={STATE_OPTIONS} className="mb-2" />
      </SearchForm>
      <PagedTable
        query={organizers}
        loadingLabel="Loading organizers…"
        empty="No organizer matches this search."
        label="Organizers"
        columns={['E-mail', 'Name', 'Two-factor', 'Last sign-in', 'Status', ACTIONS]}
        rowKey={(o) => o.id}
        pager={{ label: 'Organizer pages', page: params.page, pageSize: PAGE_SIZE, onPage: (p) => update({ page: p }) }}
      >
        {(o) => (
          <>
            <td className="text-nowrap">
              {o.email}
              {self(o) && <span className="text-body-secondary"> (you)</span>}
            </td>
            <td>{o.name ?? '—'}</td>
            <td>{o.totpEnabled ? 'On' : 'Off'}</td>
            <td className="text-nowrap">{o.lastLoginAt ? formatDateTime(o.lastLoginAt) : 'Never'}</td>
            <td>
              {o.active ? <Badge bg="success">Active</Badge> : <Badge bg="secondary">Disabled</Badge>}
              {o.mustChangePassword && o.active && <span className="small text-body-secondary ms-1">one-time password</span>}
            </td>
            <td>
              {o.active && !self(o) && (
                <Button size="sm" variant="outline-danger" onClick={() => ask({ organizer: o, active: false })} aria-label={`Disable ${o.email}`}>
                  Disable
                </Button>
              )}
              {!o.active && (
                <Button size="sm" variant="outline-primary" onClick={() => ask({ organizer: o, active: true })} aria-label={`Enable ${o.email}`}>
                  Enable
                </Button>
              )}
            </td>
          </>
        )}
      </PagedTable>
      <ConfirmDialog
        {...dialog}
        title={target?.active ? 'Enable this organizer?' : 'Disable this organizer?'}
        confirmLabel={target?.active ? 'Enable organizer' : 'Disable organizer'}
        variant={target?.active ? 'primary' : 'danger'}
      >
        {target?.active ? (
          <p>
            <strong>{target.organizer.email}</strong> can sign in to the console again. Sessions from before the account was disabled stay ended.
          </p>
        ) : (
          <p>
            <strong>{target?.organizer.email}</strong> can no longer sign in, and their open console sessions end at their next click. You can enable the account again later.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
