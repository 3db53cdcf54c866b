import { afterEach, describe, expect, it } from 'vitest';
import { inlineRuntimeConfig } from './runtime-config.ts';

function withBlock(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'portal-config';
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => document.getElementById('portal-config')?.remove());

describe('inlineRuntimeConfig', () => {
  it('reads the config the server put into the page', () => {
    const data = { registrationProvider: 'Builtin', contentBaseUrl: '/content', reportEmailDomain: 'corp.example.com', content: { nbc: { environmentId: 'e1' } }, events: [] };
    withBlock(JSON.stringify({ succeeded: true, message: null, data }).replace(/</g, '\\u003c'));
    expect(inlineRuntimeConfig()).toEqual(data);
  });

  it('ignores a missing, broken or failed block (the app then asks)', () => {
    expect(inlineRuntimeConfig()).toBeUndefined();
    withBlock('{not json');
    expect(inlineRuntimeConfig()).toBeUndefined();
    document.getElementById('portal-config')?.remove();
    withBlock(JSON.stringify({ succeeded: false, message: 'x', data: null }));
    expect(inlineRuntimeConfig()).toBeUndefined();
  });
});
