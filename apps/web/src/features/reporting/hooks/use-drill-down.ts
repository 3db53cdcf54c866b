import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { allRegionsQuery } from '../api/get-all-regions.ts';
import { zonesByRegionQuery } from '../api/get-all-zones-by-region.ts';
import { districtEnrollmentsQuery } from '../api/get-enrollments.ts';
import type { DrillDown, DrillDownLevel } from '../utils/drill-down.ts';
import { drillDownFrom } from '../utils/drill-down.ts';
import { useScopeStartLevel } from './use-scope-start.ts';

/**
 * The drill-down state of the current page, read from its route params and search params and the
 * viewer's scope. A link that came without the names (typed, bookmarked, shared from elsewhere)
 * gets them from the network lists the reports already use, so the breadcrumb shows names, not
 * codes; a code stands in only until they arrive, or if the list does not have it.
 */
export function useDrillDown(level: DrillDownLevel): DrillDown {
  const params = useParams<'region' | 'zone' | 'district'>();
  const [search] = useSearchParams();
  const startLevel = useScopeStartLevel();
  const region = level >= 2 ? (params.region ?? '') : '';
  const zone = level >= 3 ? (params.zone ?? '') : '';
  const district = level >= 4 ? (params.district ?? '') : '';
  const regions = useQuery({ ...allRegionsQuery(), enabled: region !== '' && !search.get('regionName') });
  const zones = useQuery({ ...zonesByRegionQuery(region), enabled: zone !== '' && !search.get('zoneName') });
  const districts = useQuery({ ...districtEnrollmentsQuery(region, zone), enabled: district !== '' && !search.get('districtName') });
  const regionName = regions.data?.find((r) => r.regCode === region)?.regDescription;
  const zoneName = zones.data?.find((z) => z.zone === zone)?.zoneName;
  const districtName = districts.data?.find((d) => d.district === district)?.districtname;
  return useMemo(() => {
    const names = new URLSearchParams(search);
    if (regionName && !names.get('regionName')) names.set('regionName', regionName);
    if (zoneName && !names.get('zoneName')) names.set('zoneName', zoneName);
    if (districtName && !names.get('districtName')) names.set('districtName', districtName);
    return { ...drillDownFrom(level, params, names), startLevel };
  }, [level, params, search, startLevel, regionName, zoneName, districtName]);
}
