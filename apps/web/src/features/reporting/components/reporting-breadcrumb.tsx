import type { CSSProperties } from 'react';
import Breadcrumb from 'react-bootstrap/Breadcrumb';
import { Link } from 'react-router';
import type { Crumb } from '../utils/drill-down.ts';
import { useT } from '../../../i18n/use-t.ts';

// Bootstrap draws the divider from this variable; the spec separates the links with '>>'.
const dividerStyle = { '--bs-breadcrumb-divider': "'>>'" } as CSSProperties;

export function ReportingBreadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  const t = useT();
  if (crumbs.length === 0) return null;
  return (
    <Breadcrumb style={dividerStyle} aria-label={t('reporting.breadcrumb')} className="reporting-breadcrumb">
      {crumbs.map((crumb, index) =>
        crumb.disabled ? (
          // Above the viewer's report scope: shown for orientation, greyed, not a link.
          <li key={index} className="breadcrumb-item text-body-secondary scope-locked" aria-disabled="true" title={t('reporting.breadcrumb.outsideScope')}>
            {crumb.label}
          </li>
        ) : crumb.to === null ? (
          <Breadcrumb.Item key={index} active>
            {crumb.label}
          </Breadcrumb.Item>
        ) : (
          <Breadcrumb.Item key={index} linkAs={Link} linkProps={{ to: crumb.to }}>
            {crumb.label}
          </Breadcrumb.Item>
        ),
      )}
    </Breadcrumb>
  );
}
