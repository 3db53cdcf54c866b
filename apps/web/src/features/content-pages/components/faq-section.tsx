import type { UseQueryResult } from '@tanstack/react-query';
import Accordion from 'react-bootstrap/Accordion';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { text, type FaqPage } from '../../../lib/content-models.ts';
import { ContentSection } from './content-section.tsx';
import { LazyAccordionBody } from './lazy-accordion-body.tsx';

export function FaqSection({ title, query }: { title: string; query: UseQueryResult<FaqPage | null> }) {
  const heading = text(query.data?.elements.title) || title;
  return (
    <ContentSection id="faq" title={heading} query={query}>
      {(item) => (
        <Accordion>
          {item.elements.queanswers.linkedItems.map((qa) => (
            <Accordion.Item key={qa.system.codename} eventKey={qa.system.codename}>
              <Accordion.Header as="h3">{text(qa.elements.question)}</Accordion.Header>
              <LazyAccordionBody>
                <RichText html={qa.elements.answer.value} />
              </LazyAccordionBody>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </ContentSection>
  );
}
