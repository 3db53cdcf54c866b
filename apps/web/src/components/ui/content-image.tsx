import type { Elements } from '@kontent-ai/delivery-sdk';
import { bannerSources } from '@portal/contracts/images';

type Asset = Elements.AssetsElement['value'][number];

export interface ContentImageProps {
  asset: Asset | undefined;
  /** Size used when the asset does not tell (reserves the space, so nothing jumps when it loads). */
  width: number;
  height: number;
  className?: string;
  /** The first screenful's image should not wait for lazy loading. */
  priority?: boolean;
  /**
   * The event banner: shown from AVIF renditions at the width the screen needs (a `<picture>`), the
   * same candidates the server's first-load HTML names (@portal/contracts/images).
   */
  banner?: boolean;
  /** The image repeats text next to it (a logo inside a link named by its text): no alternative text. */
  decorative?: boolean;
}

/** An image asset from content, its description as the alternative text. */
export function ContentImage({ asset, width, height, className, priority = false, banner = false, decorative = false }: ContentImageProps) {
  if (!asset?.url) return null;
  const sources = banner ? bannerSources(asset.url) : null;
  const image = (
    <img
      src={asset.url}
      alt={decorative ? '' : (asset.description ?? '')}
      width={asset.width ?? width}
      height={asset.height ?? height}
      className={className}
      decoding="async"
      loading={priority ? 'eager' : 'lazy'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
  if (!sources) return image;
  // `.header-picture` is display: contents, so the <img> lays out exactly as without it.
  return (
    <picture className="header-picture">
      <source type={sources.type} srcSet={sources.srcSet} sizes={sources.sizes} />
      {image}
    </picture>
  );
}
