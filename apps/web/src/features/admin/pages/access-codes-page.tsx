import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { ACCESS_CODE_CATEGORIES, type AdminAccessCode, type CreatedAccessCode, type EventType } from '@portal/contracts';
import { PAGE_SIZE } from '../api/admin-types.ts';
import { useCreateAccessCode } from '../api/create-access-code.ts';
import { useDisableAccessCode } from '../api/disable-access-code.ts';
import { useAccessCodes } from '../api/get-access-codes.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { useConfirmTarget } from '../hooks/use-confirm-target.ts';
import { CopyField } from '../components/copy-button.tsx';
import { FormCard } from '../components/form-card.tsx';
import { FieldGrid, type FieldSpec } from '../../../components/ui/form/field-grid.tsx';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import { useCreateFlow } from '../hooks/use-create-flow.ts';
import { useListParams } from '../hooks/use-list-params.ts';
import { CATEGORY_LABELS, checkAccessCodeForm, EMPTY_ACCESS_CODE_FORM, type AccessCodeFormErrors, type AccessCodeFormValues } from '../utils/access-code-form.ts';
import { formatCount, formatDateTime } from '../utils/format.ts';
import { ACTIONS } from '../../../components/ui/table/data-table.tsx';
import { PagedTable } from '../../../components/ui/table/paged-table.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { EventSelect } from '../components/event-select.tsx';

const CODE_FIELDS: FieldSpec<'storeDlrnum' | 'seats' | 'code' | 'label' | 'expiresAt'>[] = [
  { name: 'storeDlrnum', id: 'code-store', label: 'Store number (per-store code)', hint: 'Anyone logging in with it belongs to this store.' },
  { name: 'seats', id: 'code-seats', label: 'Seats', inputMode: 'numeric', hint: 'Most registrations the store code allows. Empty: no limit.' },
  { name: 'code', id: 'code-code', label: 'Code', hint: 'Empty: a random code is generated. At least 8 letters, digits or -.' },
  { name: 'label', id: 'code-label', label: 'Label', hint: 'For organizers only, e.g. Morgan Motors guests.' },
  { name: 'expiresAt', id: 'code-expires', label: 'Expires', type: 'datetime-local', hint: 'Empty: never.' },
];

const CATEGORY_OPTIONS = ACCESS_CODE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));

function NewCodeForm({ event, onCreated, onCancel }: { event: EventType; onCreated: (created: CreatedAccessCode) => void; onCancel: () => void }) {
  const create = useCreateAccessCode();
  const [values, setValues] = useState<AccessCodeFormValues>(EMPTY_ACCESS_CODE_FORM);
  const [errors, setErrors] = useState<AccessCodeFormErrors>({});
  const set = (field: keyof AccessCodeFormValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const onSubmit = () => {
    const checked = checkAccessCodeForm(event, values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.request, { onSuccess: onCreated });
  };
  return (
    <FormCard title={`New ${event} access code`} onSubmit={onSubmit} error={create.error} errorTitle="Not created." submitLabel="Create code" pending={create.isPending} onCancel={onCancel}>
      <FieldGrid
        className="row-cols-1 row-cols-md-2 row-cols-xl-3"
        fields={CODE_FIELDS}
        values={values}
        errors={errors}
        onChange={(name, value) => set(name)(value)}
        before={
          <div className="col">
            <SelectField id="code-category" label="Admits" value={values.category} onChange={set('category')} options={CATEGORY_OPTIONS} error={errors.category} />
          </div>
        }
      />
    </FormCard>
  );
}

function CreatedCode({ created, onDone }: { created: CreatedAccessCode; onDone: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert variant="success" className="mb-4" ref={ref} tabIndex={-1} aria-labelledby="created-code-title">
      <h2 className="h5" id="created-code-title">
        Access code created
      </h2>
      <p className="mb-2">Copy it now: it is shown only this once and cannot be looked up later.</p>
      <CopyField id="created-code" label="New access code" value={created.code} copyLabel="Copy code" className="mb-3" inputClassName="form-control-lg created-code" />
      <Button variant="success" onClick={onDone}>
        Done
      </Button>
    </Alert>
  );
}

function statusOf(code: AdminAccessCode) {
  if (!code.active) return <Badge bg="secondary">Disabled</Badge>;
  if (!code.usable) return <Badge bg="warning" text="dark">Expired</Badge>;
  return <Badge bg="success">Active</Badge>;
}

export function AccessCodesPage() {
  const [params, update] = useListParams({ event: 'nbc' });
  const event: EventType = params.event === 'abc' ? 'abc' : 'nbc';
  const codes = useAccessCodes(event, params.page, PAGE_SIZE);
  const disable = useDisableAccessCode(event);
  const newCode = useCreateFlow<CreatedAccessCode>();
  const { target: toDisable, ask: askDisable, dialog } = useConfirmTarget(disable, (code: AdminAccessCode) => code.id);

  return (
    <>
      <PageTitle title="Access codes">
        <EventSelect id="codes-event" value={event} onChange={(value) => update({ event: value })} />
        {!newCode.creating && (
          <Button
            onClick={() => {
              newCode.dismiss();
              newCode.start();
            }}
          >
            New access code
          </Button>
        )}
      </PageTitle>
      {newCode.created && <CreatedCode created={newCode.created} onDone={newCode.dismiss} />}
      {newCode.creating && <NewCodeForm event={event} onCancel={newCode.cancel} onCreated={newCode.done} />}
      <PagedTable
        query={codes}
        loadingLabel="Loading access codes…"
        empty={<>No access codes for {event} yet.</>}
        label={`Access codes of ${event}`}
        columns={['Label', 'Admits', 'Store', { header: 'Seats', className: 'text-end' }, { header: 'Logins', className: 'text-end' }, { header: 'Registrations', className: 'text-end' }, 'Expires', 'Status', ACTIONS]}
        rowKey={(code) => code.id}
        pager={{ label: 'Access code pages', page: params.page, pageSize: PAGE_SIZE, onPage: (p) => update({ page: p }) }}
      >
        {(code) => (
          <>
            <td>{code.label}</td>
            <td>{CATEGORY_LABELS[code.category as keyof typeof CATEGORY_LABELS] ?? code.category}</td>
            <td>{code.storeDlrnum ? `${code.storeDlrnum}${code.storeName ? ` ${code.storeName}` : ''}` : '—'}</td>
            <td className="text-end">{code.seats === null ? '—' : formatCount(code.seats)}</td>
            <td className="text-end">{formatCount(code.logins)}</td>
            <td className="text-end">{formatCount(code.registrations)}</td>
            <td className="text-nowrap">{code.expiresAt ? formatDateTime(code.expiresAt) : 'Never'}</td>
            <td>{statusOf(code)}</td>
            <td>
              {code.active && (
                <Button size="sm" variant="outline-danger" onClick={() => askDisable(code)} aria-label={`Disable ${code.label}`}>
                  Disable
                </Button>
              )}
            </td>
          </>
        )}
      </PagedTable>
      <ConfirmDialog
        {...dialog}
        title="Disable this access code?"
        confirmLabel="Disable code"
      >
        <p>
          Nobody can log in with <strong>{toDisable?.label}</strong> any more. Registrations made with it stay as they are. This cannot be undone: a new
          code would have to be created.
        </p>
      </ConfirmDialog>
    </>
  );
}
