import type { StoreFilter } from '@portal/contracts';
import Form from 'react-bootstrap/Form';
import { isStoreFilter } from '@portal/contracts/rules';

/** docs/design/web-rules.md, section 3, "Store filter options". */
export const STORE_FILTER_OPTIONS: readonly { value: StoreFilter; label: string }[] = [
  { value: 'ALL', label: 'All stores' },
  { value: 'E', label: 'Enrolled stores' },
  { value: 'N', label: 'Not enrolled stores' },
];

export function StoreFilterSelect({ value, onChange }: { value: StoreFilter; onChange: (value: StoreFilter) => void }) {
  return (
    <Form.Group controlId="store-filter" className="d-flex align-items-center gap-2 mb-3">
      <Form.Label className="mb-0 text-nowrap">Show</Form.Label>
      <Form.Select
        size="sm"
        style={{ maxWidth: '16rem' }}
        value={value}
        onChange={(event) => {
          if (isStoreFilter(event.target.value)) onChange(event.target.value);
        }}
      >
        {STORE_FILTER_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
