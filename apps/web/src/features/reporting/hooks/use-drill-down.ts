import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { DrillDown, DrillDownLevel } from '../utils/drill-down.ts';
import { drillDownFrom } from '../utils/drill-down.ts';

/** The drill-down state of the current page, read from its route params and search params. */
export function useDrillDown(level: DrillDownLevel): DrillDown {
  const params = useParams<'region' | 'zone' | 'district'>();
  const [search] = useSearchParams();
  return useMemo(() => drillDownFrom(level, params, search), [level, params, search]);
}
