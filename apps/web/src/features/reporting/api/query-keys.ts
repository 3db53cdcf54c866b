import type { AttendeeReportType, StoreDataLevel, StoreFilter } from '@portal/contracts';

/** Every reporting query key comes from here, so invalidation can target a whole branch. */
export const reportKeys = {
  all: ['reports'] as const,
  enrollments: () => [...reportKeys.all, 'enrollments'] as const,
  regions: () => [...reportKeys.enrollments(), 'region'] as const,
  networkTotal: () => [...reportKeys.enrollments(), 'all'] as const,
  zones: (region: string) => [...reportKeys.enrollments(), 'zone', region] as const,
  districts: (region: string, zone: string) => [...reportKeys.enrollments(), 'district', region, zone] as const,
  storeDetail: (region: string, zone: string, district: string, select: StoreFilter) =>
    [...reportKeys.enrollments(), 'store-detail', region, zone, district, select] as const,
  storeData: (level: StoreDataLevel, region: string, zone: string, select: StoreFilter) =>
    [...reportKeys.all, 'store-data', level, region, zone, select] as const,
  attendeesByType: (regCode: string, rptType: AttendeeReportType) =>
    [...reportKeys.all, 'attendees-by-type', regCode, rptType] as const,
  fieldReport: (regCode: string, zone: string) => [...reportKeys.all, 'field-report', regCode, zone] as const,
  regionOptions: () => [...reportKeys.all, 'region-options'] as const,
  zoneOptions: (regCode: string) => [...reportKeys.all, 'zone-options', regCode] as const,
  travellerCounts: () => [...reportKeys.all, 'traveller-counts'] as const,
  scope: () => [...reportKeys.all, 'scope'] as const,
  coverage: (event: string, offset?: number, limit?: number) =>
    offset === undefined ? ([...reportKeys.all, 'coverage', event] as const) : ([...reportKeys.all, 'coverage', event, offset, limit] as const),
  timeline: (event: string) => [...reportKeys.all, 'timeline', event] as const,
  eventComparison: (offset?: number, limit?: number) =>
    offset === undefined ? ([...reportKeys.all, 'event-comparison'] as const) : ([...reportKeys.all, 'event-comparison', offset, limit] as const),
  digest: () => [...reportKeys.all, 'digest'] as const,
  arrivals: (event: string, level: string, region: string, zone: string) => [...reportKeys.all, 'arrivals', event, level, region, zone] as const,
  notArrived: (event: string, region: string, zone: string, page: number) => [...reportKeys.all, 'not-arrived', event, region, zone, page] as const,
  sessionFill: (event: string) => [...reportKeys.all, 'sessions', event] as const,
  sessionByArea: (session: number, level: string, region: string, zone: string) => [...reportKeys.all, 'sessions', 'by-area', session, level, region, zone] as const,
};
