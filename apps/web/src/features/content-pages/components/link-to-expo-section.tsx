import { memo } from 'react';
import { FormattedMessage } from 'react-intl';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { text, type LinkToExpoPage } from '../../../lib/content-models.ts';
import { safeHttpUrl } from '../utils/safe-url.ts';
import { ContentSection, type SectionProps } from './content-section.tsx';
import { hiddenChunks } from './hidden-chunks.tsx';

export const LinkToExpoSection = memo(function LinkToExpoSection(props: SectionProps<LinkToExpoPage>) {
  return (
    <ContentSection id="linktoexpo" {...props} titleOf={(page) => text(page.elements.title)}>
      {(item) => {
        const url = safeHttpUrl(text(item.elements.expo_url));
        return (
          <>
            <h3 className="h5">{text(item.elements.heading)}</h3>
            <RichText html={item.elements.content.value} />
            {url && (
              <a href={url} className="btn btn-primary" target="_blank" rel="noopener noreferrer">
                <FormattedMessage id="content.expo.open" values={{ hidden: hiddenChunks }} />
              </a>
            )}
          </>
        );
      }}
    </ContentSection>
  );
});
