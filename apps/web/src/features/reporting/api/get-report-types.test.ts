import { describe, expect, it } from 'vitest';
import type { ReportTypes } from '../../../lib/content-models.ts';
import { readReportTypes } from './get-report-types.ts';

const typeItem = (id: number | null, name: string) => ({ elements: { id: { value: id }, name: { value: name } } });

describe('readReportTypes', () => {
  it('reads the title and the names by id of the listed report types', () => {
    const item = {
      elements: {
        title: { value: 'Enrollment Reports' },
        report_list: { linkedItems: [typeItem(1, 'Store Enrollment Report'), typeItem(3, 'Field Report'), typeItem(null, 'Broken')] },
      },
    } as unknown as ReportTypes;
    const content = readReportTypes(item);
    expect(content.title).toBe('Enrollment Reports');
    expect([...content.names]).toEqual([
      [1, 'Store Enrollment Report'],
      [3, 'Field Report'],
    ]);
  });

  it('is empty without content', () => {
    expect(readReportTypes(null)).toEqual({ title: '', names: new Map() });
  });
});
