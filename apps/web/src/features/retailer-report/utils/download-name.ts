const pad = (n: number) => String(n).padStart(2, '0');

/** YYYYMMDD_HHmmss in local time: the user's own clock is what they will look for. */
export function timestampOf(date: Date): string {
  return (
    `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}_` +
    `${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`
  );
}

// Characters Windows, macOS or browsers refuse in a download name.
const UNSAFE = /[\\/:*?"<>|\p{Cc}]/gu;

/** The retailer report download: the report name plus a date and time stamp, as .xlsx. */
export function retailerReportFileName(reportName: string | null | undefined, now: Date, fallback = 'Retailer Report'): string {
  const base = (reportName ?? '').replace(/\.xlsx$/i, '').replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim() || fallback;
  return `${base}_${timestampOf(now)}.xlsx`;
}
