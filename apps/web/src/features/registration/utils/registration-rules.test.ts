import { describe, expect, it } from 'vitest';
import { attendanceErrors, formatDay, isIsoDate, registrationErrors } from './registration-rules.ts';

const NBC = { startsOn: '2027-03-01', endsOn: '2027-03-04', isVirtual: true };
const ABC = { startsOn: '2027-09-13', endsOn: '2027-09-16', isVirtual: false };

describe('registration rules', () => {
  const fields = (errors: { field: string }[]) => errors.map((e) => e.field);

  it('accepts physical attendance with dates inside the event window, departure not before arrival', () => {
    expect(attendanceErrors(NBC, { isVirtual: false, arrivalDate: '2027-03-01', departureDate: '2027-03-04' })).toEqual([]);
    expect(attendanceErrors(NBC, { isVirtual: false, arrivalDate: '2027-03-02', departureDate: '2027-03-02' })).toEqual([]);
  });

  it('refuses missing, malformed, out-of-window and reversed dates', () => {
    expect(fields(attendanceErrors(NBC, { isVirtual: false, arrivalDate: null, departureDate: undefined }))).toEqual(['arrivalDate', 'departureDate']);
    expect(attendanceErrors(NBC, { isVirtual: false, arrivalDate: '2027-02-30', departureDate: '03/01/2027' }).map((e) => e.message)).toEqual([
      'Arrival date must be a date.',
      'Departure date must be a date.',
    ]);
    expect(attendanceErrors(NBC, { isVirtual: false, arrivalDate: '2027-02-28', departureDate: '2027-03-05' }).map((e) => e.message)).toEqual([
      'Arrival date must be between 2027-03-01 and 2027-03-04.',
      'Departure date must be between 2027-03-01 and 2027-03-04.',
    ]);
    expect(attendanceErrors(NBC, { isVirtual: false, arrivalDate: '2027-03-03', departureDate: '2027-03-02' })).toEqual([
      { field: 'departureDate', message: 'Departure date cannot be before the arrival date.' },
    ]);
  });

  it('allows virtual attendance without dates only where the program offers it', () => {
    expect(attendanceErrors(NBC, { isVirtual: true, arrivalDate: '', departureDate: '' })).toEqual([]);
    expect(fields(attendanceErrors(ABC, { isVirtual: true }))).toEqual(['isVirtual']);
  });

  it('knows real calendar days', () => {
    for (const d of ['2027-03-01', '2028-02-29']) expect(isIsoDate(d)).toBe(true);
    for (const d of ['2027-02-29', '2027-13-01', '2027-3-1', '']) expect(isIsoDate(d)).toBe(false);
  });

  it('requires names within their limits and an e-mail address', () => {
    const base = { firstName: 'Pat', lastName: 'Morgan', email: 'pat@example.com', isVirtual: true, arrivalDate: '', departureDate: '' };
    expect(registrationErrors(base, NBC)).toEqual([]);
    expect(registrationErrors({ ...base, firstName: ' ', lastName: 'y'.repeat(51), email: 'nope' }, NBC).map((e) => e.field)).toEqual(['firstName', 'lastName', 'email']);
    expect(registrationErrors({ ...base, firstName: 'x'.repeat(31), email: '' }, NBC).map(({ id, values }) => ({ id, values }))).toEqual([
      { id: 'registration.error.firstNameTooLong', values: { max: 30 } },
      { id: 'registration.error.emailRequired', values: undefined },
    ]);
  });

  it('names the attendance refusals by their catalog message, the window as values', () => {
    expect(registrationErrors({ firstName: 'Pat', lastName: 'Morgan', email: 'pat@example.com', isVirtual: false, arrivalDate: '2027-02-28', departureDate: '' }, NBC)).toEqual([
      { field: 'arrivalDate', id: 'registration.error.arrivalRange', values: { start: '2027-03-01', end: '2027-03-04' } },
      { field: 'departureDate', id: 'registration.error.departureRequired' },
    ]);
    expect(registrationErrors({ firstName: 'Pat', lastName: 'Morgan', email: 'pat@example.com', isVirtual: true, arrivalDate: '', departureDate: '' }, ABC)).toEqual([
      { field: 'isVirtual', id: 'registration.error.noVirtual' },
    ]);
  });

  it('writes a calendar day in full, whatever the time zone', () => {
    expect(formatDay('2027-03-01')).toBe('Monday, March 1, 2027');
    expect(formatDay('2027-03-01', 'fr-CA')).toBe('lundi 1 mars 2027');
  });
});
