import type { UseQueryResult } from '@tanstack/react-query';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { text, type AttirePage } from '../../../lib/content-models.ts';
import { ContentSection } from './content-section.tsx';

export function AttireSection({ title, query }: { title: string; query: UseQueryResult<AttirePage | null> }) {
  const heading = text(query.data?.elements.title) || title;
  return (
    <ContentSection id="attire" title={heading} query={query}>
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
}
