import { memo } from 'react';
import { text, type FaqPage } from '../../../lib/content-models.ts';
import { ContentSection, type SectionProps } from './content-section.tsx';
import { RichTextAccordion } from './rich-text-accordion.tsx';

export const FaqSection = memo(function FaqSection(props: SectionProps<FaqPage>) {
  return (
    <ContentSection id="faq" {...props} titleOf={(page) => text(page.elements.title)}>
      {(item) => (
        <RichTextAccordion items={item.elements.queanswers.linkedItems.map((qa) => ({ key: qa.system.codename, heading: text(qa.elements.question), html: qa.elements.answer.value }))} />
      )}
    </ContentSection>
  );
});
