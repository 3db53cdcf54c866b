import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { ACCESS_CODE_CATEGORIES, SCOPE_LEVELS, type AdminPerson } from '@portal/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { PAGE_SIZE } from '../api/admin-types.ts';
import { usePeople } from '../api/get-people.ts';
import { downloadPersonData } from '../api/privacy.ts';
import { useUpdatePerson } from '../api/update-person.ts';
import { ErasePersonDialog } from '../components/erase-person-dialog.tsx';
import { ErasureRequests } from '../components/erasure-requests.tsx';
import { SearchForm } from '../../../components/ui/form/search-form.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import { ErrorAlert } from '../../../components/ui/table/query-state.tsx';
import { toQuery, useListParams } from '../hooks/use-list-params.ts';
import { checkPersonForm, personFormValues, scopeText, type PersonFormErrors, type PersonFormValues } from '../utils/person-form.ts';
import { labelOf, PERSON_CATEGORY_LABELS, SCOPE_LEVEL_LABELS } from '../utils/labels.ts';
import { serverFieldErrors } from '../utils/zod-errors.ts';
import { ACTIONS } from '../../../components/ui/table/data-table.tsx';
import { PagedTable } from '../../../components/ui/table/paged-table.tsx';

const CATEGORY_OPTIONS = ACCESS_CODE_CATEGORIES.map((c) => ({ value: c, label: PERSON_CATEGORY_LABELS[c] }));
const SCOPE_OPTIONS = [{ value: '', label: 'None (category default)' }, ...SCOPE_LEVELS.map((l) => ({ value: l, label: SCOPE_LEVEL_LABELS[l] }))];

function EditPerson({ person, onClose }: { person: AdminPerson; onClose: () => void }) {
  const save = useUpdatePerson(person.id);
  const [values, setValues] = useState<PersonFormValues>(() => personFormValues(person));
  const [errors, setErrors] = useState<PersonFormErrors>({});
  const set = (field: keyof PersonFormValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const server = save.error instanceof ApiError ? serverFieldErrors(save.error.fieldErrors) : {};
  const shown: PersonFormErrors = { ...server, ...(server.scope ? { scopeCode: server.scope } : {}), ...errors };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkPersonForm(person, values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (Object.keys(checked.update).length === 0) {
      onClose();
      return;
    }
    save.mutate(checked.update, { onSuccess: onClose });
  };

  return (
    <Modal show onHide={save.isPending ? () => undefined : onClose} size="lg" aria-labelledby="edit-person-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton={!save.isPending}>
          <Modal.Title id="edit-person-title" as="h2" className="h5">
            Edit {person.firstName} {person.lastName}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Row xs={1} md={2}>
            <Col>
              <TextField id="person-first" label="First name" value={values.firstName} onChange={set('firstName')} error={shown.firstName} />
            </Col>
            <Col>
              <TextField id="person-last" label="Last name" value={values.lastName} onChange={set('lastName')} error={shown.lastName} />
            </Col>
            <Col>
              <TextField id="person-email" label="E-mail" type="email" value={values.email} onChange={set('email')} error={shown.email} />
            </Col>
            <Col>
              <SelectField id="person-category" label="Category" value={values.category} onChange={set('category')} options={CATEGORY_OPTIONS} error={shown.category} />
            </Col>
            <Col>
              <TextField id="person-store" label="Store number" value={values.storeDlrnum} onChange={set('storeDlrnum')} error={shown.storeDlrnum} hint="Empty: not bound to a store." />
            </Col>
            <Col>
              <TextField id="person-zone" label="Zone covered (field report)" value={values.zoneCode} onChange={set('zoneCode')} error={shown.zoneCode} />
            </Col>
            <Col>
              <TextField id="person-company" label="Company" value={values.company} onChange={set('company')} error={shown.company} />
            </Col>
          </Row>
          <fieldset className="border rounded p-3">
            <legend className="h6 float-none w-auto px-1 mb-0">Report scope</legend>
            <Row xs={1} md={2}>
              <Col>
                <SelectField id="person-scope-level" label="Sees" value={values.scopeLevel} onChange={set('scopeLevel')} options={SCOPE_OPTIONS} />
              </Col>
              {values.scopeLevel !== '' && values.scopeLevel !== 'network' && (
                <Col>
                  <TextField id="person-scope-code" label={`${values.scopeLevel} code`} value={values.scopeCode} onChange={set('scopeCode')} error={shown.scopeCode} />
                </Col>
              )}
            </Row>
          </fieldset>
          {save.isError && Object.keys(server).length === 0 && <ErrorAlert error={save.error} title="Not saved." />}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Save
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

export function PeoplePage() {
  const [params, update] = useListParams({ q: '', store: '' });
  const people = usePeople(toQuery(params, PAGE_SIZE));
  const [text, setText] = useState({ q: params.q, store: params.store });
  const [editing, setEditing] = useState<AdminPerson | null>(null);
  const [erasing, setErasing] = useState<AdminPerson | null>(null);
  const [exportProblem, setExportProblem] = useState<unknown>(null);
  const onExport = (person: AdminPerson) => {
    setExportProblem(null);
    downloadPersonData(person.id).catch(setExportProblem);
  };

  return (
    <>
      <h1 className="h3 mb-3">People and network</h1>
      <ErasureRequests
        onFind={(r) => {
          const q = r.email ?? `${r.firstName} ${r.lastName}`;
          setText({ q, store: '' });
          update({ q, store: '' });
        }}
      />
      {exportProblem !== null && <ErrorAlert error={exportProblem} title="The data could not be downloaded." />}
      <SearchForm label="Find people" onSearch={() => update({ q: text.q.trim(), store: text.store.trim() })}>
        <TextField id="people-q" type="search" label="Name or e-mail" value={text.q} onChange={(q) => setText((t) => ({ ...t, q }))} className="mb-2" />
        <TextField id="people-store" label="Store number" value={text.store} onChange={(store) => setText((t) => ({ ...t, store }))} className="mb-2" />
      </SearchForm>
      <PagedTable
        query={people}
        loadingLabel="Searching people…"
        empty="Nobody matches this search."
        label="People"
        columns={['Name', 'E-mail', 'Category', 'Store', 'Report scope', ACTIONS]}
        rowKey={(p) => p.id}
        pager={{ label: 'People pages', page: params.page, pageSize: PAGE_SIZE, onPage: (p) => update({ page: p }) }}
      >
        {(p) => (
          <>
            <td>
              {p.firstName} {p.lastName}
              {p.erasedAt && <span className="badge text-bg-secondary ms-2">erased</span>}
            </td>
            <td className="text-nowrap">{p.email ?? '—'}</td>
            <td>{labelOf(PERSON_CATEGORY_LABELS, p.category)}</td>
            <td>{p.storeDlrnum ? `${p.storeDlrnum} ${p.storeName ?? ''}` : '—'}</td>
            <td>{scopeText(p.scope)}</td>
            <td>
              <div className="d-flex gap-1 flex-wrap">
                <Button size="sm" variant="outline-primary" onClick={() => setEditing(p)} aria-label={`Edit ${p.firstName} ${p.lastName}`} disabled={Boolean(p.erasedAt)}>
                  Edit
                </Button>
                <Button size="sm" variant="outline-secondary" onClick={() => onExport(p)} aria-label={`Download the data of ${p.firstName} ${p.lastName}`}>
                  Data
                </Button>
                <Button size="sm" variant="outline-danger" onClick={() => setErasing(p)} aria-label={`Erase ${p.firstName} ${p.lastName}`} disabled={Boolean(p.erasedAt)}>
                  Erase
                </Button>
              </div>
            </td>
          </>
        )}
      </PagedTable>
      {editing && <EditPerson person={editing} onClose={() => setEditing(null)} />}
      {erasing && <ErasePersonDialog person={erasing} onClose={() => setErasing(null)} />}
    </>
  );
}
