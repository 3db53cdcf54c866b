import { memo } from 'react';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { text, type AttirePage } from '../../../lib/content-models.ts';
import { ContentSection, type SectionProps } from './content-section.tsx';

export const AttireSection = memo(function AttireSection(props: SectionProps<AttirePage>) {
  return (
    <ContentSection id="attire" {...props} titleOf={(page) => text(page.elements.title)}>
      {(item) => (
        <div className="row g-4">
          {item.elements.headings_and_content.linkedItems.map((part) => (
            <div key={part.system.codename} className="col-md-6">
              <h3 className="h5">{text(part.elements.header)}</h3>
              <RichText html={part.elements.content.value} />
            </div>
          ))}
        </div>
      )}
    </ContentSection>
  );
});
