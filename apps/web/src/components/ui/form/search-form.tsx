import { Children, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';

export interface SearchFormProps {
  /** The search landmark's name, e.g. "Find people". */
  label: string;
  /** Called once the browser's own submit is stopped: the typed filters apply. */
  onSearch: () => void;
  /** The filters, a column each, before the Search button. */
  children: ReactNode;
}

/** A list page's search: its filters in a row and the Search button last. */
export function SearchForm({ label, onSearch, children }: SearchFormProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };
  return (
    <Form role="search" aria-label={label} onSubmit={submit} className="mb-3">
      <Row xs={1} sm={3} className="align-items-end">
        {Children.map(children, (filter) => (
          <Col>{filter}</Col>
        ))}
        <Col>
          <Button type="submit" className="mb-2">
            Search
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
