import type { AttendeeRow, DistrictRow, RegionRow, StoreCounts, StoreFooterRow, StoreRow, ZoneRow } from '@portal/contracts';

const counts = (totDealer: number, enrollDealer: number, objPct = 60): StoreCounts => {
  const objreq = Math.ceil((totDealer * objPct) / 100);
  const pct = (n: number) => (totDealer ? Math.round((n / totDealer) * 1000) / 10 : 0);
  return {
    totDealer,
    enrollDealer,
    pctEnrollDlr: pct(enrollDealer),
    notEnrolled: totDealer - enrollDealer,
    pctnotenrolled: pct(totDealer - enrollDealer),
    objreq,
    fixPctObjReq: objPct,
    objCount: Math.max(objreq - enrollDealer, 0),
  };
};

export const regionRows: RegionRow[] = [
  { regionCode: '010', regdescription: 'Northeast', ...counts(500, 260) },
  { regionCode: '020', regdescription: 'Southeast', ...counts(480, 200) },
  { regionCode: 'zzz', regdescription: 'zzz', ...counts(980, 460) },
];

export const zoneRows: ZoneRow[] = [
  { zonecode: '010-1', zonename: 'Boston Metro', region: '010', ...counts(90, 50) },
  { zonecode: '010-2', zonename: 'Upstate', region: '010', ...counts(80, 30) },
  { zonecode: 'zzz', zonename: 'zzz', region: 'zzz', ...counts(170, 80) },
];

export const districtRows: DistrictRow[] = [
  { district: '010-1-1', districtname: 'Back Bay', zone: '010-1', region: '010', ...counts(10, 6) },
  { district: 'zzz', districtname: 'zzz', zone: 'zzz', region: 'zzz', ...counts(10, 6) },
];

export const storeRow = (over: Partial<StoreRow> = {}): StoreRow => ({
  zoneName: 'Boston Metro',
  districtName: 'Back Bay',
  dlrnum: '10001',
  'dealer Name': 'Morgan Motors',
  cityState: 'Boston, MA',
  enrlStatusDesc: 'Enrolled',
  enrlDate: '2026-11-02',
  atdName: 'Pat Morgan',
  loginid: 'pat.morgan@morgan-motors.example.com',
  virtualAttendee: 'No',
  region: '010',
  zone: '010-1',
  district: '010-1-1',
  ...over,
});

export const storeFooter: StoreFooterRow = {
  isFooterInfo: true,
  enrollAtdFree: 3,
  enrollAtdPay: 1,
  virtualAttendeeFree: 2,
  virtualAttendeePay: 0,
  enrollDealer: 6,
  notEnrollDealer: 4,
};

export const attendeeRow = (over: Partial<AttendeeRow> = {}): AttendeeRow => ({
  atdName: 'Alex Field',
  region: '010',
  zone: '010-1',
  busName: 'Morgan Motors',
  busCityState: 'Boston, MA',
  enrlStatusDesc: 'Enrolled',
  enrlDate: '2026-11-02',
  arrivalDate: '2027-03-01',
  departuredate: '2027-03-04',
  virtualAttendee: 'No',
  reccount: 2,
  virtualRecCount: 1,
  ...over,
});

/** The names of the content's report-type list, by report number. */
export const REPORT_TYPE_NAMES: ReadonlyMap<number, string> = new Map([
  [1, 'Store Enrollment Report'],
  [2, 'Candidate Report'],
  [3, 'Field Report'],
  [4, 'Corporate Report'],
  [5, 'Distributor and Vendor Report'],
  [6, 'SBR Report'],
  [7, 'Traveler Report'],
]);

/** `api/get-report-types.ts` as loaded content listing the reports `numbers` (for `vi.mock`). */
export function reportTypesModule(numbers: readonly number[]) {
  const names = new Map([...REPORT_TYPE_NAMES].filter(([number]) => numbers.includes(number)));
  return { useReportTypes: () => ({ isPending: false, error: null, content: { title: 'Enrollment Reports', names } }) };
}
