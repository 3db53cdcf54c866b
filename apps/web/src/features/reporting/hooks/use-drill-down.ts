import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { DrillDown, DrillDownLevel } from '../utils/drill-down.ts';
import { drillDownFrom } from '../utils/drill-down.ts';
import { useScopeStartLevel } from './use-scope-start.ts';

/** The drill-down state of the current page, read from its route params and search params and the viewer's scope. */
export function useDrillDown(level: DrillDownLevel): DrillDown {
  const params = useParams<'region' | 'zone' | 'district'>();
  const [search] = useSearchParams();
  const startLevel = useScopeStartLevel();
  return useMemo(() => ({ ...drillDownFrom(level, params, search), startLevel }), [level, params, search, startLevel]);
}
