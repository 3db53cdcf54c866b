import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text.tsx';

const HOSTILE = [
  '<p>Hello <strong>attendee</strong></p>',
  '<script>window.__pwned = 1</script>',
  '<img src="x" onerror="window.__pwned = 2">',
  '<a href="javascript:window.__pwned = 3">click</a>',
  '<a href="JaVaScRiPt:alert(1)">mixed case</a>',
  '<svg><script>window.__pwned = 4</script></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<div onclick="window.__pwned = 5" style="position:fixed">div</div>',
  '<form action="https://evil.example"><input name="x"></form>',
  '<a href="https://example.com/page" target="_blank">safe link</a>',
].join('');

describe('RichText', () => {
  it('renders content HTML with scripts, handlers, javascript: links and frames removed', () => {
    const { container } = render(<RichText html={HOSTILE} />);
    const html = container.innerHTML;
    expect(container.querySelector('strong')?.textContent).toBe('attendee');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('form, input')).toBeNull();
    expect(html).not.toMatch(/onerror|onclick|javascript:/i);
    expect(html).not.toMatch(/style=/i);
    for (const link of container.querySelectorAll('a')) {
      const href = link.getAttribute('href');
      if (href !== null) expect(href).toMatch(/^https:/);
    }
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('makes links that open a new window unable to reach back (rel noopener)', () => {
    const { container } = render(<RichText html={'<a href="https://example.com" target="_blank">x</a>'} />);
    expect(container.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('renders nothing for empty or missing content', () => {
    expect(render(<RichText html={null} />).container.innerHTML).toBe('');
    expect(render(<RichText html={'<script>x</script>'} />).container.innerHTML).toBe('');
  });
});
