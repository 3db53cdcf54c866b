import { memo } from 'react';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { text, type TourismPage } from '../../../lib/content-models.ts';
import { safeFrameUrl } from '../utils/safe-url.ts';
import { ContentSection, type SectionProps } from './content-section.tsx';
import { useT } from '../../../i18n/use-t.ts';

/** The area around the venue; its title is the city area's name (on abc the content says so). */
export const EventAreaSection = memo(function EventAreaSection(props: SectionProps<TourismPage>) {
  const t = useT();
  return (
    <ContentSection id="eventarea" {...props} titleOf={(page) => text(page.elements.title)}>
      {(item, heading) => {
        const map = safeFrameUrl(text(item.elements.tourism_map_url));
        return (
          <div className="row g-4">
            <div className={map ? 'col-lg-5' : 'col-12'}>
              <h3 className="h5">{text(item.elements.heading)}</h3>
              <RichText html={item.elements.heading_note.value} />
              <ul className="tourism-locations">
                {item.elements.locations.linkedItems.map((location) => (
                  <li key={location.system.codename}>{text(location.elements.name)}</li>
                ))}
              </ul>
            </div>
            {map && (
              <div className="col-lg-7">
                <div className="ratio ratio-4x3 rounded overflow-hidden shadow-sm">
                  <iframe src={map} title={t('content.area.map', { area: heading })} loading="lazy" referrerPolicy="strict-origin-when-cross-origin" sandbox="allow-scripts allow-same-origin allow-popups" />
                </div>
              </div>
            )}
          </div>
        );
      }}
    </ContentSection>
  );
});
