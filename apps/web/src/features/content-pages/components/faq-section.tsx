import { memo } from 'react';
import Accordion from 'react-bootstrap/Accordion';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { text, type FaqPage } from '../../../lib/content-models.ts';
import { ContentSection, type SectionProps } from './content-section.tsx';
import { LazyAccordionBody } from './lazy-accordion-body.tsx';

export const FaqSection = memo(function FaqSection(props: SectionProps<FaqPage>) {
  const { data } = props;
  const heading = text(data?.elements.title) || props.title;
  return (
    <ContentSection id="faq" {...props} title={heading}>
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
});
