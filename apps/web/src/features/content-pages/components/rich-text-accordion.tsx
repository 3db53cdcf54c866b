import Accordion from 'react-bootstrap/Accordion';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { LazyAccordionBody } from './lazy-accordion-body.tsx';

export interface RichTextAccordionItem {
  key: string;
  heading: string;
  html: string;
}

/** Items of a heading (h3) and a rich-text body, each body built when it first opens: the FAQ, the conference notes. */
export function RichTextAccordion({ items, alwaysOpen = false }: { items: readonly RichTextAccordionItem[]; alwaysOpen?: boolean }) {
  return (
    <Accordion alwaysOpen={alwaysOpen}>
      {items.map((item) => (
        <Accordion.Item key={item.key} eventKey={item.key}>
          <Accordion.Header as="h3">{item.heading}</Accordion.Header>
          <LazyAccordionBody>
            <RichText html={item.html} />
          </LazyAccordionBody>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
