import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bannerSources } from '@portal/contracts/images';
import { ContentImage } from './content-image.tsx';

const asset = (url: string) => ({ name: 'banner.svg', type: 'image/svg+xml', size: 1, description: 'Banner', url, width: 1600, height: 300, renditions: null });

describe('the banner as AVIF renditions', () => {
  it('lists the banner at the widths of a phone to a wide screen', () => {
    const widths = [640, 800, 960, 1280, 1600, 2400, 3200];
    expect(bannerSources('/content-assets/env/banner.svg')).toEqual({
      type: 'image/avif',
      candidates: widths.map((width) => ({ url: `/content-assets/env/banner.svg?w=${width}&fm=avif`, width })),
      srcSet: widths.map((w) => `/content-assets/env/banner.svg?w=${w}&fm=avif ${w}w`).join(', '),
      sizes: '100vw',
    });
    expect(bannerSources('https://cdn.example/a/banner.PNG?v=2')?.srcSet.split(', ')[0]).toBe('https://cdn.example/a/banner.PNG?v=2&w=640&fm=avif 640w');
  });

  it('leaves alone what is not an image file or is transformed already', () => {
    expect(bannerSources('/content-assets/env/agenda.pdf')).toBeNull();
    expect(bannerSources('/content-assets/env/banner.svg?w=800')).toBeNull();
    expect(bannerSources('/content-assets/env/banner.gif')).toBeNull();
  });

  it('puts the banner in a <picture> with the AVIF candidates, the asset itself as the fallback', () => {
    const { container, rerender } = render(<ContentImage asset={asset('/content-assets/env/banner.svg')} width={1600} height={300} banner priority />);
    const source = container.querySelector('picture.header-picture > source')!;
    expect(source.getAttribute('type')).toBe('image/avif');
    expect(source.getAttribute('srcset')).toBe(bannerSources('/content-assets/env/banner.svg')?.srcSet);
    expect(source.getAttribute('sizes')).toBe('100vw');
    const image = container.querySelector('picture > img')!;
    expect(image.getAttribute('src')).toBe('/content-assets/env/banner.svg');
    expect(image.getAttribute('fetchpriority')).toBe('high');
    rerender(<ContentImage asset={asset('/content-assets/env/map.svg')} width={100} height={100} />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/content-assets/env/map.svg');
  });
});
