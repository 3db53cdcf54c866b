import { memo } from 'react';
import { FormattedMessage } from 'react-intl';
import Accordion from 'react-bootstrap/Accordion';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { firstAsset, text, type AgendaPage } from '../../../lib/content-models.ts';
import { safeHttpUrl } from '../utils/safe-url.ts';
import { ContentSection, type SectionProps } from './content-section.tsx';
import { LazyAccordionBody } from './lazy-accordion-body.tsx';
import { hiddenChunks } from './hidden-chunks.tsx';

export const AgendaSection = memo(function AgendaSection(props: SectionProps<AgendaPage>) {
  return (
    <ContentSection id="agenda" {...props} titleOf={(page) => text(page.elements.title)}>
      {(item) => (
        <Accordion alwaysOpen>
          {item.elements.links_and_pdfs.linkedItems.map((link) => {
            const linkText = text(link.elements.link_text);
            const pdf = safeHttpUrl(firstAsset(link.elements.pdf)?.url, { allowRelative: true });
            return (
              <Accordion.Item key={link.system.codename} eventKey={link.system.codename}>
                <Accordion.Header as="h3">{linkText}</Accordion.Header>
                <LazyAccordionBody>
                  <p className="fw-semibold mb-2">{text(link.elements.header)}</p>
                  {pdf && (
                    <p>
                      <a href={pdf} target="_blank" rel="noopener noreferrer">
                        <FormattedMessage id="content.agenda.pdf" values={{ name: linkText, hidden: hiddenChunks }} />
                      </a>
                    </p>
                  )}
                  <div className="row g-3">
                    {link.elements.datewise_agenda.linkedItems.map((day) => (
                      <div key={day.system.codename} className="col-md-6">
                        <div className="card h-100 agenda-date-card">
                          <div className="card-header fw-semibold">{text(day.elements.header_date)}</div>
                          <div className="card-body">
                            <RichText html={day.elements.content.value} />
                          </div>
                        </div>
                      </div>
                    ))}
                  </div>
                </LazyAccordionBody>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
    </ContentSection>
  );
});
