import { describe, expect, it } from 'vitest';
import { cutIndex, letterLead, visibleText } from './first-paint-letter.ts';

const words = (n: number, word = 'word') => Array.from({ length: n }, () => word).join(' ');

describe('the welcome letter’s opening for the first paint', () => {
  it('reads the text a browser shows: tags dropped, entities decoded', () => {
    expect(visibleText('<p>Fish &amp; chips&nbsp;<strong>now</strong> &#233;t&#xE9;</p>\n<p>x</p>')).toBe('Fish & chips\u00a0now été\nx');
  });

  it('cuts where the web preview cuts: the last space before the limit', () => {
    expect(cutIndex('short', 600)).toBe(5);
    expect(cutIndex('aaa bbb ccc', 6)).toBe(3);
    expect(cutIndex('abcdefghij', 4)).toBe(4);
  });

  it('keeps the paragraphs that end before the cut, byte for byte, with the text between them', () => {
    const first = '<p>Dear Northwind Retail Partner,</p>';
    const second = `<p>On behalf of <strong>everyone</strong>, ${words(40)}.</p>`;
    const third = `<p>${words(200)}</p>`;
    const letter = `${first}\n${second}\n${third}`;
    expect(letterLead(letter)).toBe(`${first}\n${second}`);
  });

  it('draws nothing when the first paragraph is already cut', () => {
    expect(letterLead(`<p>${words(300)}</p><p>more</p>`)).toBe('');
  });

  it('draws a letter short enough to show uncut whole', () => {
    expect(letterLead('<p>Hello,</p>\n<p>See you in March.</p>')).toBe('<p>Hello,</p>\n<p>See you in March.</p>');
  });

  it('stops at the first paragraph with a link, an image, attributes or anything but inline formatting', () => {
    expect(letterLead('<p>Hello,</p><p>Read <a href="/x">this</a>.</p><p>Bye</p>')).toBe('<p>Hello,</p>');
    expect(letterLead('<p class="x">Hello,</p>')).toBe('');
    expect(letterLead('<p>Hi</p><p><img src=x onerror=alert(1)></p>')).toBe('<p>Hi</p>');
    expect(letterLead('<p>Dear </script><script>x</script></p>')).toBe('');
    expect(letterLead('<h2>Title</h2><p>Hello</p>')).toBe('');
    expect(letterLead('<p>Line<br>two, <em>a</em> <b>b</b> <i>c</i></p>')).toBe('<p>Line<br>two, <em>a</em> <b>b</b> <i>c</i></p>');
  });

  it('counts text the way the preview does across paragraphs, so a paragraph ending at the cut is left out', () => {
    // 'aaaa' + '\n' + 'bbbb' + '\n' + long: the cut falls in the third paragraph's text.
    const letter = `<p>aaaa</p>\n<p>bbbb</p>\n<p>${words(10, 'cccc')}</p>`;
    expect(letterLead(letter, 16)).toBe('<p>aaaa</p>\n<p>bbbb</p>');
    // A cut right after the second paragraph's text (at the newline) gives it the ellipsis: left to the app.
    expect(letterLead(letter, 10)).toBe('<p>aaaa</p>');
  });
});
