/**
 * Report API wire shapes (docs/api-contract.md, "Reports"). Field names are the spec's own, spelling
 * included (`regdescription`, `departuredate`, `'dealer Name'`): never "fix" them.
 *
 * Text fields that have no value are `''` (never null), dates are `YYYY-MM-DD` strings, counts are
 * integers and percentages numbers rounded to one decimal.
 */
import { z } from 'zod';
import { ALL_CODES, STORE_FILTERS, type StoreFilter } from './rules.ts';

// ---------------------------------------------------------------------------------------------
// Request parameters
// ---------------------------------------------------------------------------------------------

export const REPORT_LEVELS = ['All', 'Region', 'Zone', 'District'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];
export const STORE_DATA_LEVELS = ['Region', 'Zone'] as const;
export type StoreDataLevel = (typeof STORE_DATA_LEVELS)[number];


/** Attendee report types (docs/design/web-rules.md, section 7): 1 field, 2 corporate, 3 distributor and vendor, 4 SBR, 5 candidate. */
export const ATTENDEE_REPORT_TYPES = [1, 2, 3, 4, 5] as const;
export type AttendeeReportType = (typeof ATTENDEE_REPORT_TYPES)[number];
/** The types a `field` user may read; `corporate` reads all. */
export const FIELD_REPORT_TYPES: readonly AttendeeReportType[] = [1, 5];


export const NETWORK_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const CODE_MESSAGE = 'must be a code of at most 32 letters, digits, "-" or "_"';

/** A region, zone or district code as typed, trimmed, or blank; `message` when it is neither. */
export const blankOrNetworkCode = (message: string) =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .max(32, message)
    .refine((v) => v === '' || NETWORK_CODE_PATTERN.test(v), message);

/** A region, zone or district code; blank means none (the body's "empty string means none"). */
const optionalCode = blankOrNetworkCode(CODE_MESSAGE)
  .nullish()
  .transform((v) => v ?? '');

/** A code or `ALL` (case-insensitive), as the query strings take it. */
const codeOrAll = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(32, CODE_MESSAGE)
  .regex(NETWORK_CODE_PATTERN, `${CODE_MESSAGE}, or ALL`)
  .transform((v) => (v.toUpperCase() === ALL_CODES ? ALL_CODES : v));

const levelSchema = <T extends readonly [string, ...string[]]>(levels: T) =>
  z.enum(levels, { error: () => `must be one of ${levels.join(', ')}` });

export const reportLevelSchema = levelSchema(REPORT_LEVELS);
export const storeDataLevelSchema = levelSchema(STORE_DATA_LEVELS);

export const storeFilterSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .nullish()
  .transform((v) => (v ?? '').toUpperCase())
  .pipe(z.enum(['', ...STORE_FILTERS] as const, { error: () => 'must be ALL, E or N' }))
  .transform((v): StoreFilter => (v === '' ? 'ALL' : v));

export const enrollmentsQuerySchema = z.object({ reportLevel: reportLevelSchema });
export type EnrollmentsQuery = z.infer<typeof enrollmentsQuerySchema>;
export const storeDataQuerySchema = z.object({ reportLevel: storeDataLevelSchema });
export type StoreDataQuery = z.infer<typeof storeDataQuerySchema>;

/** Body of GetEnrollments and GetStoreData: `{ region, zone, district, select }`, empty string = none. */
export const reportBodySchema = z
  .object({
    region: optionalCode,
    zone: optionalCode,
    district: optionalCode,
    select: storeFilterSchema,
  })
  .strict();
export type ReportBody = z.input<typeof reportBodySchema>;
export type ParsedReportBody = z.output<typeof reportBodySchema>;

export const attendeeReportQuerySchema = z.object({
  regCode: codeOrAll,
  rptType: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^[1-5]$/, 'must be 1, 2, 3, 4 or 5')
    .transform((v) => Number(v) as AttendeeReportType),
});
export type AttendeeReportQuery = z.input<typeof attendeeReportQuerySchema>;

export const zonesByRegionQuerySchema = z.object({ regCode: codeOrAll });
export const fieldReportQuerySchema = z.object({ regCode: codeOrAll, zone: codeOrAll });
export type FieldReportQuery = z.input<typeof fieldReportQuerySchema>;

/** Retailer report columns, in the contract's order; `reportHeaders` picks and orders them. */
export const RETAILER_REPORT_HEADERS = [
  'Store Code',
  'Store Name',
  'Region',
  'Zone',
  'District',
  'City/State',
  'Attendee Name',
  'Email',
  'Attendee Type',
  'Status',
  'Enroll Date',
  'Arrival Date',
  'Departure Date',
  'Virtual',
] as const;
export type RetailerReportHeader = (typeof RETAILER_REPORT_HEADERS)[number];

const HEADER_BY_KEY = new Map<string, RetailerReportHeader>(RETAILER_REPORT_HEADERS.map((h) => [h.toLowerCase(), h]));

/** The canonical header a given name stands for (case-insensitive, blanks around ignored), or undefined. */
export function matchRetailerReportHeader(name: string): RetailerReportHeader | undefined {
  return HEADER_BY_KEY.get(name.trim().replace(/\s+/g, ' ').toLowerCase());
}

export interface RetailerReportColumn {
  /** The header as the caller gave it (trimmed): the spreadsheet's first row shows this text. */
  label: string;
  header: RetailerReportHeader;
}

export const retailerReportQuerySchema = z.object({
  eventCode: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(32, 'must be at most 32 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, "-" and "_"'),
  reportHeaders: z
    .string({ error: 'is required' })
    .max(2000, 'must be at most 2000 characters')
    .transform((value, ctx): RetailerReportColumn[] => {
      const labels = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (!labels.length) {
        ctx.addIssue({ code: 'custom', message: `is required: a comma-separated list out of ${RETAILER_REPORT_HEADERS.join(', ')}` });
        return z.NEVER;
      }
      const columns: RetailerReportColumn[] = [];
      for (const label of labels) {
        const header = matchRetailerReportHeader(label);
        if (!header) {
          ctx.addIssue({ code: 'custom', message: `names an unknown column "${label.slice(0, 60)}"; known columns: ${RETAILER_REPORT_HEADERS.join(', ')}` });
          return z.NEVER;
        }
        columns.push({ label, header });
      }
      return columns;
    }),
});
export type RetailerReportQuery = z.input<typeof retailerReportQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** The store counts of a region, zone or district row (docs/api-contract.md, "Reports"). */
export const storeCountsSchema = z.object({
  /** Stores. */
  totDealer: z.number().int(),
  /** Stores with at least one enrolled dealer or candidate attendee. */
  enrollDealer: z.number().int(),
  /** enrollDealer / totDealer x 100, one decimal (0 when there are no stores). */
  pctEnrollDlr: z.number(),
  /** totDealer - enrollDealer. */
  notEnrolled: z.number().int(),
  pctnotenrolled: z.number(),
  /**
   * Stores needed to reach the objective. A district's: ceil(totDealer x its region's objective
   * percent / 100); a zone's, region's, the network's and a grand total's: the sum of their districts'
   * (docs/reports.md), so a row always equals the grand total of its drill-down.
   */
  objreq: z.number().int(),
  /** The share of the row's stores the objective asks for, on every row: objreq / totDealer x 100, one decimal. */
  fixPctObjReq: z.number(),
  /** Stores still missing: a district's max(objreq - enrollDealer, 0); a coarser row's the sum of its districts'. */
  objCount: z.number().int(),
});
export type StoreCounts = z.infer<typeof storeCountsSchema>;

export const regionRowSchema = storeCountsSchema.extend({ regionCode: z.string(), regdescription: z.string() });
export type RegionRow = z.infer<typeof regionRowSchema>;
export const zoneRowSchema = storeCountsSchema.extend({ zonename: z.string(), zonecode: z.string(), region: z.string() });
export type ZoneRow = z.infer<typeof zoneRowSchema>;
export const districtRowSchema = storeCountsSchema.extend({
  districtname: z.string(),
  district: z.string(),
  zone: z.string(),
  region: z.string(),
});
export type DistrictRow = z.infer<typeof districtRowSchema>;

export const YES_NO = ['Yes', 'No'] as const;

/**
 * A store row: of the store detail (one per enrolled attendee, or one for a store without any) and of
 * GetStoreData (one per store, with its first enrolled attendee). Attendee fields are '' when none.
 */
export const storeRowSchema = z.object({
  zoneName: z.string(),
  districtName: z.string(),
  dlrnum: z.string(),
  'dealer Name': z.string(),
  cityState: z.string(),
  /** The registration status ('Enrolled'), or 'Not Enrolled' for a store without an enrolled attendee. */
  enrlStatusDesc: z.string(),
  /** YYYY-MM-DD, '' when none. */
  enrlDate: z.string(),
  atdName: z.string(),
  /** The attendee's e-mail; a store counts as enrolled when this is non-empty. */
  loginid: z.string(),
  virtualAttendee: z.enum(['Yes', 'No', '']),
  region: z.string(),
  zone: z.string(),
  district: z.string(),
  /** Store detail only, and only when someone of the store waits: its people on the waiting list (Waitlisted or Offered; docs/waiting-lists.md). Counted in no enrollment figure. */
  waitlisted: z.number().int().optional(),
});
export type StoreRow = z.infer<typeof storeRowSchema>;

/** Last row of the store detail: the district's totals, whatever the `select` filter. */
export const storeFooterRowSchema = z.object({
  isFooterInfo: z.literal(true),
  /** Enrolled physical (non-virtual) attendees on a complimentary seat. */
  enrollAtdFree: z.number().int(),
  /** Enrolled physical attendees on a paid seat. */
  enrollAtdPay: z.number().int(),
  /** Enrolled virtual attendees, free. */
  virtualAttendeeFree: z.number().int(),
  /** Enrolled virtual attendees, paid. */
  virtualAttendeePay: z.number().int(),
  /** Stores of the district with an enrolled attendee. */
  enrollDealer: z.number().int(),
  /** Stores of the district without one. */
  notEnrollDealer: z.number().int(),
});
export type StoreFooterRow = z.infer<typeof storeFooterRowSchema>;
export type StoreDetailRow = StoreRow | StoreFooterRow;


/** A row of GetEnrollments, by level: All and Region, Zone, District, District with a district = store detail. */
export type EnrollmentsRow = StoreCounts | RegionRow | ZoneRow | DistrictRow | StoreDetailRow;

export const attendeeRowSchema = z.object({
  atdName: z.string(),
  /** Region code of the attendee's store, or of the zone a field or corporate traveller covers; '' when none. */
  region: z.string(),
  zone: z.string(),
  /** The names of that region and zone, shown where people look for them ('' when none; added to the seed's row). */
  regionName: z.string().optional(),
  zoneName: z.string().optional(),
  /** Store name, or the company of distributors, vendors and partners. */
  busName: z.string(),
  busCityState: z.string(),
  enrlStatusDesc: z.string(),
  enrlDate: z.string(),
  arrivalDate: z.string(),
  departuredate: z.string(),
  virtualAttendee: z.enum(YES_NO),
  /**
   * "Total Attendees": the attendees of the whole result, i.e. its Enrolled rows (pending rows are
   * listed but are not attendees yet), repeated on each row. Equals the traveller report's
   * totalenrolledAttendees of the report's types for the same area (docs/reports.md, "Totals").
   */
  reccount: z.number().int(),
  /** "Total Virtual Attendees": the Enrolled rows of the whole result that attend virtually, repeated on each row. */
  virtualRecCount: z.number().int(),
});
export type AttendeeRow = z.infer<typeof attendeeRowSchema>;

export const regionOptionSchema = z.object({ regCode: z.string(), regDescription: z.string() });
export type RegionOption = z.infer<typeof regionOptionSchema>;
export const zoneOptionSchema = z.object({ zone: z.string(), zoneName: z.string() });
export type ZoneOption = z.infer<typeof zoneOptionSchema>;

/** The traveller report: Enrolled registrations (attendees) of the event per attendee type. */
export const attendeeTypeCountSchema = z.object({ attendeedesc: z.string(), totalenrolledAttendees: z.number().int() });
export type AttendeeTypeCount = z.infer<typeof attendeeTypeCountSchema>;

/** `data` of the routes answering `data.dataSet.table`. */
export interface DataSet<Row> {
  dataSet: { table: Row[] };
}
/** `data` of GetAllRegions and GetAllZonesByRegion. */
export interface Table<Row> {
  table: Row[];
}

export const retailerReportDataSchema = z.object({
  reportData: z.object({ fileContents: z.string(), fileDownloadName: z.string() }),
});
export type RetailerReportData = z.infer<typeof retailerReportDataSchema>;

export const RETAILER_REPORT_NO_DATA = 'No data found';
export const RETAILER_REPORT_SUCCESS = 'Report Generated Successfully';
