import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import type { Crumb } from '../utils/drill-down.ts';
import { BackButton } from './back-button.tsx';
import { ReportingBreadcrumb } from './reporting-breadcrumb.tsx';

export interface ReportPageLayoutProps {
  heading: string;
  /** Where Back leads; the menu has none. */
  backTo?: string;
  crumbs?: readonly Crumb[];
  children: ReactNode;
}

export function ReportPageLayout({ heading, backTo, crumbs = [], children }: ReportPageLayoutProps) {
  const t = useT();
  // The tab names the report too, in the page's language.
  useDocumentTitle(t('reporting.documentTitle', { heading }));
  return (
    <section className="reporting-page py-3">
      <ReportingBreadcrumb crumbs={crumbs} />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 className="h4 mb-0 text-uppercase">{heading}</h2>
        {backTo !== undefined && <BackButton to={backTo} />}
      </div>
      {children}
    </section>
  );
}
