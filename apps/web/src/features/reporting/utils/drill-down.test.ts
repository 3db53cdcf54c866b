import { describe, expect, it } from 'vitest';
import { breadcrumbFor, drillDownFrom, parentPathOf, type DrillDown } from './drill-down.ts';

const names = new URLSearchParams({ regionName: 'Northeast', zoneName: 'Boston Metro', districtName: 'Back Bay' });
const params = { region: '010', zone: '010-2', district: '010-2-3' };

describe('drillDownFrom', () => {
  it('keeps only the codes and names of the levels above the page', () => {
    expect(drillDownFrom(2, params, names)).toEqual({
      level: 2,
      regionCode: '010',
      regionName: 'Northeast',
      zoneCode: '',
      zoneName: '',
      districtCode: '',
      districtName: '',
    });
  });

  it('falls back to the code when a name is missing from the URL', () => {
    const d = drillDownFrom(4, params, new URLSearchParams({ regionName: 'Northeast' }));
    expect([d.regionName, d.zoneName, d.districtName]).toEqual(['Northeast', '010-2', '010-2-3']);
  });
});

describe('breadcrumbFor', () => {
  const at = (level: DrillDown['level']) => drillDownFrom(level, params, names);

  it('is empty on the menu (level 0)', () => {
    expect(breadcrumbFor(at(0))).toEqual([]);
  });

  it('shows Report menu and Region at level 1, the region current', () => {
    expect(breadcrumbFor(at(1))).toEqual([
      { label: 'Report menu', to: '/nbc/reporting' },
      { label: 'Region', to: null },
    ]);
  });

  it('adds the region, zone and district names level by level', () => {
    expect(breadcrumbFor(at(2)).map((c) => c.label)).toEqual(['Report menu', 'Region', 'Northeast']);
    expect(breadcrumbFor(at(3)).map((c) => c.label)).toEqual(['Report menu', 'Region', 'Northeast', 'Boston Metro']);
    expect(breadcrumbFor(at(4)).map((c) => c.label)).toEqual([
      'Report menu',
      'Region',
      'Northeast',
      'Boston Metro',
      'Back Bay',
    ]);
  });

  it('links every crumb but the last to its level, carrying the names', () => {
    const crumbs = breadcrumbFor(at(4));
    expect(crumbs.map((c) => c.to)).toEqual([
      '/nbc/reporting',
      '/nbc/reporting/region',
      '/nbc/reporting/region/010/zone?regionName=Northeast',
      '/nbc/reporting/region/010/zone/010-2/district?regionName=Northeast&zoneName=Boston+Metro',
      null,
    ]);
  });
});

describe('parentPathOf', () => {
  it('goes one level up, to the menu from the region report', () => {
    expect(parentPathOf(drillDownFrom(1, params, names))).toBe('/nbc/reporting');
    expect(parentPathOf(drillDownFrom(2, params, names))).toBe('/nbc/reporting/region');
    expect(parentPathOf(drillDownFrom(4, params, names))).toBe(
      '/nbc/reporting/region/010/zone/010-2/district?regionName=Northeast&zoneName=Boston+Metro',
    );
  });

  it('encodes codes in path segments', () => {
    const d = drillDownFrom(3, { region: 'a/b', zone: 'z z' }, new URLSearchParams());
    expect(parentPathOf(d)).toBe('/nbc/reporting/region/a%2Fb/zone?regionName=a%2Fb');
  });
});

describe('a drill-down that starts at the report scope', () => {
  const at = (level: DrillDown['level'], startLevel: DrillDown['level']) => ({ ...drillDownFrom(level, params, names), startLevel });

  it('greys the levels between the menu and the start level, and keeps the menu a link', () => {
    expect(breadcrumbFor(at(3, 3))).toEqual([
      { label: 'Report menu', to: '/nbc/reporting' },
      { label: 'Region', to: null, disabled: true },
      { label: 'Northeast', to: null, disabled: true },
      { label: 'Boston Metro', to: null },
    ]);
    expect(breadcrumbFor(at(4, 3))[3]).toEqual({ label: 'Boston Metro', to: expect.stringContaining('/zone/010-2/district') });
  });

  it('goes Back from the start level to the menu, below it one step up', () => {
    expect(parentPathOf(at(3, 3))).toBe('/nbc/reporting');
    expect(parentPathOf(at(4, 3))).toContain('/zone/010-2/district');
    expect(parentPathOf(at(2, 1))).toBe('/nbc/reporting/region');
  });
});
