import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classCanOccur, classWords, selectorCanMatch, unusedBootstrapCss } from '../../unused-css.ts';

const webRoot = join(import.meta.dirname, '../..');

describe('unused Bootstrap rules (build step)', () => {
  const words = classWords(webRoot);

  it('keeps classes the app writes, react-bootstrap composes, or the grid builds from props', () => {
    for (const name of ['form-floating', 'is-invalid', 'accordion-button', 'navbar-toggler', 'btn-outline-secondary', 'sticky-top', 'spinner-border-sm', 'col-lg-4', 'row-cols-md-2', 'navbar-expand-lg', 'collapsing', 'visually-hidden-focusable'])
      expect(classCanOccur(name, words), name).toBe(true);
  });

  it('drops what nothing in the app can produce', () => {
    for (const name of ['carousel-item', 'd-xxl-table-row', 'align-content-lg-around', 'bs-popover-top', 'column-gap-xxl-5', 'focus-ring-info']) expect(classCanOccur(name, words), name).toBe(false);
  });

  it('judges a selector by all its classes and keeps selectors without any', () => {
    expect(selectorCanMatch('.btn-check:checked+.btn', words)).toBe(true);
    expect(selectorCanMatch('.carousel-item.active', words)).toBe(false);
    expect(selectorCanMatch(':root', words)).toBe(true);
    expect(selectorCanMatch('[hidden]', words)).toBe(true);
  });

  it('edits only Bootstrap’s file', () => {
    const removed: string[] = [];
    const rule = (selector: string) => ({ type: 'rule', selectors: [selector], remove: () => removed.push(selector) });
    const rules = [rule('.carousel-item'), rule('.btn')];
    const root = (file: string) => ({
      type: 'root',
      source: { input: { file } },
      remove: () => undefined,
      walkRules: (callback: (r: (typeof rules)[number]) => void) => rules.forEach(callback),
      walkAtRules: () => undefined,
    });
    const plugin = unusedBootstrapCss(webRoot);
    plugin.OnceExit(root('/x/src/styles/app.css'));
    expect(removed).toEqual([]);
    plugin.OnceExit(root('/x/node_modules/bootstrap/dist/css/bootstrap.min.css'));
    expect(removed).toEqual(['.carousel-item']);
  });
});
