import { memo } from 'react';
import { FormattedMessage } from 'react-intl';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { text, type ConferenceInformation } from '../../../lib/content-models.ts';
import { safeHttpUrl } from '../utils/safe-url.ts';
import { ContentSection, type SectionProps } from './content-section.tsx';
import { RichTextAccordion } from './rich-text-accordion.tsx';
import { hiddenChunks } from './hidden-chunks.tsx';

export const ConferenceInfoSection = memo(function ConferenceInfoSection(props: SectionProps<ConferenceInformation>) {
  return (
    <ContentSection id="confinfo" {...props} titleOf={(page) => text(page.elements.heading)}>
      {(item) => (
        <>
          <RichText html={item.elements.conference_location_info.value} className="mb-4" />
          <div className="row g-3 mb-4">
            {item.elements.conference_locations.linkedItems.map((location) => {
              const link = safeHttpUrl(text(location.elements.location_link));
              const name = text(location.elements.location_name);
              return (
                <div key={location.system.codename} className="col-md-6 col-lg-4">
                  <div className="card h-100 location-card">
                    <div className="card-body">
                      <h3 className="h5 card-title">{name}</h3>
                      <p className="card-text">{text(location.elements.location_address)}</p>
                      {link && (
                        <a href={link} className="card-link" target="_blank" rel="noopener noreferrer">
                          <FormattedMessage id="content.location.map" values={{ name, hidden: hiddenChunks }} />
                        </a>
                      )}
                    </div>
                  </div>
                </div>
              );
            })}
          </div>
          {item.elements.conference_notes.linkedItems.length > 0 && (
            <RichTextAccordion
              alwaysOpen
              items={item.elements.conference_notes.linkedItems.map((note) => ({ key: note.system.codename, heading: text(note.elements.heading), html: note.elements.content.value }))}
            />
          )}
        </>
      )}
    </ContentSection>
  );
});
