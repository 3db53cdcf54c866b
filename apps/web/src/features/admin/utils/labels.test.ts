import { ACCESS_CODE_CATEGORIES, ADMIN_ATTENDEE_TYPES, SCOPE_LEVELS } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { CATEGORY_LABELS } from './access-code-form.ts';
import { ATTENDEE_TYPE_LABELS, labelOf, PERSON_CATEGORY_LABELS, SCOPE_LEVEL_LABELS, sentenceCase } from './labels.ts';

const RAW = /^[a-z]+([_-][a-z]+)*$/;

describe('console labels', () => {
  it.each([
    ['access-code categories (new code form, codes table)', CATEGORY_LABELS, ACCESS_CODE_CATEGORIES],
    ['person categories', PERSON_CATEGORY_LABELS, ACCESS_CODE_CATEGORIES],
    ['attendee types', ATTENDEE_TYPE_LABELS, ADMIN_ATTENDEE_TYPES],
    ['report scope levels', SCOPE_LEVEL_LABELS, SCOPE_LEVELS],
  ] as const)('%s: every code has its own label, none a raw value', (_name, labels, codes) => {
    const shown = codes.map((code) => labelOf(labels as Record<string, string>, code));
    expect(new Set(shown).size).toBe(codes.length);
    for (const label of shown) expect(label).not.toMatch(RAW);
  });

  it('spells an unlabelled code in words', () => {
    expect(sentenceCase('registration-link')).toBe('Registration link');
    expect(sentenceCase('dealer_staff')).toBe('Dealer staff');
    expect(labelOf(PERSON_CATEGORY_LABELS, 'dealer_staff')).toBe('Dealer staff');
    expect(labelOf(PERSON_CATEGORY_LABELS, 'brand_new')).toBe('brand_new');
  });
});
