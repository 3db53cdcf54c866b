import type { StoreFilter } from '@portal/contracts';
import Form from 'react-bootstrap/Form';
import { isStoreFilter } from '@portal/contracts/rules';
import type { MessageId } from '../../../i18n/messages/ids.ts';
import { useT } from '../../../i18n/use-t.ts';

/** docs/design/web-rules.md, section 3, "Store filter options". */
export const STORE_FILTER_OPTIONS: readonly { value: StoreFilter; label: MessageId }[] = [
  { value: 'ALL', label: 'reporting.detail.filter.all' },
  { value: 'E', label: 'reporting.detail.filter.enrolled' },
  { value: 'N', label: 'reporting.detail.filter.notEnrolled' },
];

export function StoreFilterSelect({ value, onChange }: { value: StoreFilter; onChange: (value: StoreFilter) => void }) {
  const t = useT();
  return (
    <Form.Group controlId="store-filter" className="d-flex align-items-center gap-2 mb-3">
      <Form.Label className="mb-0 text-nowrap">{t('reporting.detail.show')}</Form.Label>
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
            {t(option.label)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
