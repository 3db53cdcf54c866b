import type { RegionOption, ZoneOption } from '@portal/contracts';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ALL_CODES } from '@portal/contracts/rules';

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

export function FieldFilters(props: FieldFiltersProps) {
  const { region, zone, regions, zones } = props;
  return (
    <Form className="d-flex flex-wrap align-items-end gap-3 mb-3" onSubmit={(event) => event.preventDefault()}>
      <Form.Group controlId="field-region">
        <Form.Label className="small mb-1">Region</Form.Label>
        <Form.Select size="sm" value={region} onChange={(event) => props.onRegionChange(event.target.value)}>
          <option value={ALL_CODES}>All regions</option>
          {regions.map((option) => (
            <option key={option.regCode} value={option.regCode}>
              {option.regDescription}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="field-zone">
        <Form.Label className="small mb-1">Zone</Form.Label>
        <Form.Select
          size="sm"
          value={zone}
          disabled={props.zonesLoading}
          onChange={(event) => props.onZoneChange(event.target.value)}
        >
          <option value={ALL_CODES}>All zones</option>
          {zones.map((option) => (
            <option key={option.zone} value={option.zone}>
              {option.zoneName}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Button size="sm" variant="outline-secondary" onClick={props.onClear}>
        Clear
      </Button>
    </Form>
  );
}
