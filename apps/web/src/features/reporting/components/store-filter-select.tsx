import type { StoreFilter } from '@portal/contracts';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
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
    <SelectField
      id="store-filter"
      label={t('reporting.detail.show')}
      inline
      className="mb-3"
      labelClassName="text-nowrap"
      size="sm"
      controlStyle={{ maxWidth: '16rem' }}
      value={value}
      onChange={onChange}
      options={STORE_FILTER_OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
    />
  );
}
