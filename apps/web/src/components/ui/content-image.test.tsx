import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { responsiveImage } from '@portal/contracts/images';
import { ContentImage } from './content-image.tsx';

const asset = (url: string) => ({ name: 'banner.svg', type: 'image/svg+xml', size: 1, description: 'Banner', url, width: 1600, height: 300, renditions: null });

describe('header images as AVIF renditions', () => {
  it('lists the banner at the widths of a phone to a wide screen', () => {
    expect(responsiveImage('/content-assets/env/banner.svg', 'banner')).toEqual({
      type: 'image/avif',
      srcSet: [640, 800, 960, 1280, 1600, 2400, 3200].map((w) => `/content-assets/env/banner.svg?w=${w}&fm=avif ${w}w`).join(', '),
      sizes: '100vw',
    });
    expect(responsiveImage('https://cdn.example/a/banner.PNG?v=2', 'banner')?.srcSet.split(', ')[0]).toBe('https://cdn.example/a/banner.PNG?v=2&w=640&fm=avif 640w');
  });

  it('leaves alone what is not an image file or is transformed already', () => {
    expect(responsiveImage('/content-assets/env/agenda.pdf', 'banner')).toBeNull();
    expect(responsiveImage('/content-assets/env/banner.svg?w=800', 'banner')).toBeNull();
    expect(responsiveImage('/content-assets/env/banner.gif', 'banner')).toBeNull();
  });

  it('puts a header image in a <picture> with the AVIF candidates, the asset itself as the fallback', () => {
    const { container, rerender } = render(<ContentImage asset={asset('/content-assets/env/banner.svg')} width={1600} height={300} headerImage="banner" priority />);
    const source = container.querySelector('picture.header-picture > source')!;
    expect(source.getAttribute('type')).toBe('image/avif');
    expect(source.getAttribute('srcset')).toBe(responsiveImage('/content-assets/env/banner.svg', 'banner')?.srcSet);
    expect(source.getAttribute('sizes')).toBe('100vw');
    const image = container.querySelector('picture > img')!;
    expect(image.getAttribute('src')).toBe('/content-assets/env/banner.svg');
    expect(image.getAttribute('fetchpriority')).toBe('high');
    rerender(<ContentImage asset={asset('/content-assets/env/map.svg')} width={100} height={100} />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/content-assets/env/map.svg');
  });
});
