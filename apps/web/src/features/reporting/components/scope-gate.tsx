import type { ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { Navigate } from 'react-router';
import { useReportScope } from '../api/get-report-scope.ts';
import { useT } from '../../../i18n/use-t.ts';
import { ScopeStartContext } from '../hooks/use-scope-start.ts';
import type { DrillDownLevel } from '../utils/drill-down.ts';
import { scopeStartLevel, scopeStartPath } from '../utils/report-scope.ts';

/**
 * Opens the drill-down at the viewer's report scope: a page above the scope's start level (the
 * region table for a zone manager) goes to the start page instead, and the pages below learn the
 * start level for their breadcrumb and Back. The server limits every answer to the scope anyway;
 * when the scope cannot be read, the page opens unscoped and its own request shows the error.
 */
export function ScopeGate({ level, children }: { level: DrillDownLevel; children: ReactNode }) {
  const scope = useReportScope();
  const t = useT();
  if (scope.isPending) {
    return (
      <div className="py-4 text-center text-body-secondary">
        <Spinner animation="border" size="sm" role="status" className="me-2" />
        {t('reporting.scope.loading')}
      </div>
    );
  }
  const start = scopeStartLevel(scope.data);
  if (scope.data && level < start) return <Navigate to={scopeStartPath(scope.data)} replace />;
  return <ScopeStartContext.Provider value={scope.data ? start : 1}>{children}</ScopeStartContext.Provider>;
}
