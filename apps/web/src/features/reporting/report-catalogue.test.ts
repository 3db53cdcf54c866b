import { describe, expect, it } from 'vitest';
import { REPORT_TYPE_NAMES } from './testing/report-fixtures.ts';
import { allowedReportSlugs, canUseReporting, menuEntries } from './report-catalogue.ts';
import { reportingEn } from '../../i18n/messages/en/reporting.ts';
import type { MessageId } from '../../i18n/messages/ids.ts';

/** The built-in names in English. */
const english = (id: MessageId) => reportingEn[id as keyof typeof reportingEn];

const allListed = REPORT_TYPE_NAMES;

describe('report access', () => {
  it('opens reporting to field and corporate only', () => {
    expect(canUseReporting(['field'])).toBe(true);
    expect(canUseReporting(['general', 'corporate'])).toBe(true);
    expect(canUseReporting(['general', 'expo'])).toBe(false);
    expect(canUseReporting(['reporting'])).toBe(false);
  });

  it('gives field the region, candidate and field reports; corporate everything', () => {
    expect(allowedReportSlugs(['field'])).toEqual(['region', 'candidate', 'field']);
    expect(allowedReportSlugs(['corporate'])).toEqual([
      'region',
      'candidate',
      'field',
      'corporate',
      'distributor',
      'sbr',
      'traveller',
    ]);
    expect(allowedReportSlugs(['general'])).toEqual([]);
  });
});

describe('menuEntries', () => {
  it('lists a report only when the content lists its id', () => {
    const listed = new Map([
      [1, 'Stores'],
      [3, 'Field people'],
      [7, 'Travellers'],
    ]);
    expect(menuEntries(listed, ['corporate'], english)).toEqual([
      { id: 1, slug: 'region', name: 'Stores' },
      { id: 3, slug: 'field', name: 'Field people' },
      { id: 7, slug: 'traveller', name: 'Travellers' },
    ]);
  });

  it('hides what the policy does not open even if the content lists it', () => {
    expect(menuEntries(allListed, ['field'], english).map((e) => e.slug)).toEqual(['region', 'candidate', 'field']);
  });

  it('falls back to the built-in name for a listed type without a name', () => {
    expect(menuEntries(new Map([[2, '']]), ['field'], english)).toEqual([{ id: 2, slug: 'candidate', name: 'Candidate Report' }]);
  });
});
