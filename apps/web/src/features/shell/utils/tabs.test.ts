import { describe, expect, it } from 'vitest';
import type { HeaderTab } from '../../../lib/content-models.ts';
import { contentCodesFor } from '@portal/contracts/rules';
import { pageTab, scrollTabTarget, visibleTabs, type NavTab } from './tabs.ts';

function tab(id: string, codes: string[], title = id.toUpperCase()): HeaderTab {
  const el = (value: unknown) => ({ type: 'text', name: 'x', value }) as never;
  return {
    system: { codename: `tab_${id}` } as HeaderTab['system'],
    elements: { id: el(id), title: el(title), access_codes: el(codes.map((codename) => ({ codename, name: codename }))) },
  };
}

const ALL = ['navigatingcorp', 'retailers', 'field', 'corporate'];
// The demo header's tab list (content/nbc/items/header.json).
const HEADER = [
  tab('welcome', ALL),
  tab('confinfo', ALL),
  tab('agenda', ALL),
  tab('attire', ALL),
  tab('faq', ALL),
  tab('eventarea', ALL),
  tab('linktoexpo', ['retailers', 'corporate']),
  tab('enrollment', ALL),
  tab('reporting', ['field', 'corporate']),
];
const idsFor = (policies: string[]) => visibleTabs(HEADER, contentCodesFor(policies)).map((t) => t.id);
// The sessions page's tab follows Agenda (docs/sessions.md).
const SCROLL = ['welcome', 'confinfo', 'agenda', 'sessions', 'attire', 'faq', 'eventarea'];

describe('visibleTabs by access code', () => {
  it('general (navigatingcorp): content tabs and enrollment, no expo, no reporting', () => {
    expect(idsFor(['general'])).toEqual([...SCROLL, 'enrollment']);
  });
  it('expo (retailers): adds the link to expo', () => {
    expect(idsFor(['expo'])).toEqual([...SCROLL, 'linktoexpo', 'enrollment']);
  });
  it('field: adds reporting', () => {
    expect(idsFor(['field'])).toEqual([...SCROLL, 'enrollment', 'reporting']);
  });
  it('corporate: everything', () => {
    expect(idsFor(['corporate'])).toEqual([...SCROLL, 'linktoexpo', 'enrollment', 'reporting']);
  });
  it('reporting or unknown policies: no tabs', () => {
    expect(idsFor(['reporting'])).toEqual([]);
    expect(idsFor(['admin'])).toEqual([]);
    expect(idsFor([])).toEqual([]);
  });
  it('puts the sessions page right after Agenda, and marks it on its pages', () => {
    expect(visibleTabs([tab('agenda', ALL, 'Agenda'), tab('faq', ALL)], ['navigatingcorp']).map((t) => [t.id, t.kind])).toEqual([
      ['agenda', 'scroll'],
      ['sessions', 'sessions'],
      ['faq', 'scroll'],
    ]);
    expect(pageTab('/nbc/sessions')).toBe('sessions');
    expect(pageTab('/abc/sessions')).toBe('sessions');
  });
  it('drops unknown ids and duplicates, keeps content order and titles', () => {
    const tabs = visibleTabs([tab('faq', ALL, 'Questions'), tab('bogus', ALL), tab('faq', ALL), tab('welcome', ALL)], ['navigatingcorp']);
    expect(tabs).toEqual([
      { id: 'faq', title: 'Questions', kind: 'scroll' },
      { id: 'welcome', title: 'WELCOME', kind: 'scroll' },
    ]);
  });
});

describe('scrollTabTarget', () => {
  const nav = (...ids: string[]): NavTab[] => ids.map((id) => ({ id, title: id, kind: id === 'enrollment' ? 'enrollment' : id === 'reporting' ? 'reporting' : 'scroll' }));
  it("leads to the tab's section when the bar has enrollment or reporting", () => {
    expect(scrollTabTarget('agenda', nav('welcome', 'agenda', 'enrollment'))).toBe('/nbc/welcome#agenda');
    expect(scrollTabTarget('faq', nav('faq', 'reporting'))).toBe('/nbc/welcome#faq');
  });
  it('leads to #attire when the bar lacks both (the spec rule)', () => {
    expect(scrollTabTarget('agenda', nav('welcome', 'agenda', 'attire'))).toBe('/nbc/welcome#attire');
  });
});

describe('pageTab', () => {
  it('marks reporting pages, whatever the case', () => {
    expect(pageTab('/nbc/reporting')).toBe('reporting');
    expect(pageTab('/nbc/reporting/region/010/zone')).toBe('reporting');
    expect(pageTab('/NBC/Reporting/')).toBe('reporting');
    expect(pageTab('/nbc/reportingx')).toBeUndefined();
    expect(pageTab('/nbc/welcome')).toBeUndefined();
  });
});
