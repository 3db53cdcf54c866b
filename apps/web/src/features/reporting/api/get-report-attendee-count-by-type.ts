/** GET /api/Report/GetReportAtendeeCountByType (the spec's spelling): the traveller report. */
import { useQuery } from '@tanstack/react-query';
import type { AttendeeTypeCount } from '@portal/contracts';
import { reportKeys } from './query-keys.ts';
import { reportRowsQuery } from './report-rows-query.ts';

export const attendeeCountByTypeQuery = () => reportRowsQuery<AttendeeTypeCount>(reportKeys.travellerCounts(), '/api/Report/GetReportAtendeeCountByType');

export const useReportAttendeeCountByType = () => useQuery(attendeeCountByTypeQuery());
