import type { UseQueryResult } from '@tanstack/react-query';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { text, type LinkToExpoPage } from '../../../lib/content-models.ts';
import { safeHttpUrl } from '../utils/safe-url.ts';
import { ContentSection } from './content-section.tsx';

export function LinkToExpoSection({ title, query }: { title: string; query: UseQueryResult<LinkToExpoPage | null> }) {
  const heading = text(query.data?.elements.title) || title;
  return (
    <ContentSection id="linktoexpo" title={heading} query={query}>
      {(item) => {
        const url = safeHttpUrl(text(item.elements.expo_url));
        return (
          <>
            <h3 className="h5">{text(item.elements.heading)}</h3>
            <RichText html={item.elements.content.value} />
            {url && (
              <a href={url} className="btn btn-primary" target="_blank" rel="noopener noreferrer">
                Open the online expo<span className="visually-hidden"> (opens in a new window)</span>
              </a>
            )}
          </>
        );
      }}
    </ContentSection>
  );
}
