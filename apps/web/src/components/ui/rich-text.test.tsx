import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text.tsx';

// Sanitizing (scripts, handlers, javascript: links, frames, rel="noopener" on new-window links) is
// done and tested where it now happens: packages/content-service/test/sanitize.test.ts.
describe('RichText', () => {
  it('renders the content service’s rich text as it comes', () => {
    const html = '<p>Hello <strong>attendee</strong></p><a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>';
    const { container } = render(<RichText html={html} className="note" />);
    expect(container.querySelector('.note strong')?.textContent).toBe('attendee');
    expect(container.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.querySelector('.note')?.innerHTML).toBe(html);
  });

  it('renders nothing for empty or missing content', () => {
    expect(render(<RichText html={null} />).container.innerHTML).toBe('');
    expect(render(<RichText html={''} />).container.innerHTML).toBe('');
  });
});
