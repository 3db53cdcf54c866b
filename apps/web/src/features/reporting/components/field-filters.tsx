import type { RegionOption, ZoneOption } from '@portal/contracts';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ALL_CODES } from '@portal/contracts/rules';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import { useT } from '../../../i18n/use-t.ts';

export interface FieldFiltersProps {
  region: string;
  zone: string;
  regions: readonly RegionOption[];
  zones: readonly ZoneOption[];
  zonesLoading: boolean;
  onRegionChange: (region: string) => void;
  onZoneChange: (zone: string) => void;
  onClear: () => void;
}

/** One filter of the field report: every code, or one of the list. */
function CodeFilter(props: { id: string; label: string; all: string; value: string; options: readonly { code: string; name: string }[]; disabled?: boolean; onChange: (code: string) => void }) {
  return (
    <SelectField
      id={props.id}
      label={props.label}
      className=""
      labelClassName="small mb-1"
      size="sm"
      value={props.value}
      disabled={props.disabled ?? false}
      onChange={props.onChange}
      options={[{ value: ALL_CODES, label: props.all }, ...props.options.map((option) => ({ value: option.code, label: option.name }))]}
    />
  );
}

export function FieldFilters(props: FieldFiltersProps) {
  const t = useT();
  const regions = props.regions.map((r) => ({ code: r.regCode, name: r.regDescription }));
  const zones = props.zones.map((z) => ({ code: z.zone, name: z.zoneName }));
  return (
    <Form className="d-flex flex-wrap align-items-end gap-3 mb-3" onSubmit={(event) => event.preventDefault()}>
      <CodeFilter id="field-region" label={t('reporting.level.region')} all={t('reporting.field.allRegions')} value={props.region} options={regions} onChange={props.onRegionChange} />
      <CodeFilter id="field-zone" label={t('reporting.level.zone')} all={t('reporting.field.allZones')} value={props.zone} options={zones} disabled={props.zonesLoading} onChange={props.onZoneChange} />
      <Button size="sm" variant="outline-secondary" onClick={props.onClear}>
        {t('reporting.field.clear')}
      </Button>
    </Form>
  );
}
