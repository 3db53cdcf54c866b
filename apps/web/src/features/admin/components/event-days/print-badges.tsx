/** One PDF of the enrolled attendees' badges in the chosen layout, filtered by region, zone, district or store. */
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { BADGE_LAYOUTS, type BadgeLayout } from '@portal/contracts';
import { errorMessage } from '../../../../components/ui/table/query-state.tsx';
import { downloadBadges } from '../../api/event-days.ts';
import { FieldGrid, type FieldSpec } from '../../../../components/ui/form/field-grid.tsx';
import { SubmitButton } from '../../../../components/ui/form/submit-button.tsx';
import { SelectField } from '../../../../components/ui/form/select-field.tsx';
import type { EventId } from './event-days-events.ts';
import { Panel } from './panel.tsx';

const LAYOUT_LABELS: Record<BadgeLayout, string> = {
  a6: 'A6, one per page',
  'a4-4up': 'A4, four per page',
  'letter-6up': 'US Letter, six per page',
  'label-4x3': 'Label 4 × 3 in, one per label',
  'label-4x6': 'Label 4 × 6 in, one per label',
};
const PRINT_FIELDS: FieldSpec<'region' | 'zone' | 'district' | 'store'>[] = [
  { name: 'region', id: 'print-region', label: 'Region' },
  { name: 'zone', id: 'print-zone', label: 'Zone' },
  { name: 'district', id: 'print-district', label: 'District' },
  { name: 'store', id: 'print-store', label: 'Store' },
];

export function PrintBadges({ event }: { event: EventId }) {
  const [layout, setLayout] = useState<BadgeLayout>('a4-4up');
  const [filters, setFilters] = useState({ region: '', zone: '', district: '', store: '' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof filters) => (value: string) => setFilters((f) => ({ ...f, [key]: value.trim() }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setError(null);
    downloadBadges({ event, layout, ...filters })
      .catch((err: unknown) => setError(errorMessage(err)))
      .finally(() => setPending(false));
  };
  return (
    <Panel id="print-title" title="Print badges">
      <p className="small text-body-secondary">One PDF of the enrolled attendees, sorted by store so a store's badges come out together. Leave the filters empty for the whole event.</p>
      <Form noValidate onSubmit={onSubmit} aria-label="Print badges">
        <FieldGrid
          className="row-cols-2 row-cols-md-5 align-items-end"
          fields={PRINT_FIELDS}
          values={filters}
          onChange={(name, value) => set(name)(value)}
          before={
            <div className="col">
              <SelectField id="print-layout" label="Layout" value={layout} onChange={setLayout} options={BADGE_LAYOUTS.map((l) => ({ value: l, label: LAYOUT_LABELS[l] }))} />
            </div>
          }
        />
        {error && <Alert variant="danger">{error}</Alert>}
        <SubmitButton pending={pending} variant="outline-primary">
          {pending ? 'Making the PDF…' : 'Download PDF'}
        </SubmitButton>
      </Form>
    </Panel>
  );
}
