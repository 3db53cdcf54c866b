import { describe, expect, it } from 'vitest';
import * as contracts from '@portal/contracts';
import { attendanceErrors, formatDay, isIsoDate, registrationErrors } from './registration-rules.ts';

const NBC = { startsOn: '2027-03-01', endsOn: '2027-03-04', isVirtual: true };
const ABC = { startsOn: '2027-09-13', endsOn: '2027-09-16', isVirtual: false };

describe('registration rules', () => {
  const dates = ['', '2027-02-28', '2027-03-01', '2027-03-02', '2027-03-04', '2027-03-05', '2027-02-30', '03/01/2027', '2027-09-14'];
  it('checks attendance exactly as the server does (attendanceErrors of @portal/contracts)', () => {
    for (const window of [NBC, ABC]) {
      for (const isVirtual of [false, true]) {
        for (const arrivalDate of dates) {
          for (const departureDate of dates) {
            const input = { isVirtual, arrivalDate, departureDate };
            expect(attendanceErrors(window, input), JSON.stringify({ window, input })).toEqual(contracts.attendanceErrors(window, input));
          }
        }
      }
    }
    expect(attendanceErrors(NBC, { isVirtual: false, arrivalDate: null, departureDate: undefined })).toEqual(
      contracts.attendanceErrors(NBC, { isVirtual: false, arrivalDate: null, departureDate: undefined }),
    );
  });

  it('agrees with the server on calendar dates', () => {
    for (const d of ['2027-03-01', '2028-02-29', '2027-02-29', '2027-13-01', '2027-3-1', '']) expect(isIsoDate(d)).toBe(contracts.isIsoDate(d));
  });

  it('requires names within their limits and an e-mail address', () => {
    const base = { firstName: 'Pat', lastName: 'Morgan', email: 'pat@example.com', isVirtual: true, arrivalDate: '', departureDate: '' };
    expect(registrationErrors(base, NBC)).toEqual([]);
    expect(registrationErrors({ ...base, firstName: ' ', lastName: 'y'.repeat(51), email: 'nope' }, NBC).map((e) => e.field)).toEqual(['firstName', 'lastName', 'email']);
    expect(registrationErrors({ ...base, firstName: 'x'.repeat(31), email: '' }, NBC).map((e) => e.message)).toEqual([
      'First name cannot be longer than 30 characters.',
      'E-mail address is required.',
    ]);
  });

  it('writes a calendar day in full, whatever the time zone', () => {
    expect(formatDay('2027-03-01')).toBe('Monday, March 1, 2027');
  });
});
