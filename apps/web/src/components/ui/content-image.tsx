import type { Elements } from '@kontent-ai/delivery-sdk';
import { responsiveImage, type HeaderImage } from '@portal/contracts/images';

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
   * A header image: shown from AVIF renditions at the width the screen needs (a `<picture>`), the
   * same candidates the server's first-load HTML names (@portal/contracts/images).
   */
  headerImage?: HeaderImage;
}

/** An image asset from content, its description as the alternative text. */
export function ContentImage({ asset, width, height, className, priority = false, headerImage }: ContentImageProps) {
  if (!asset?.url) return null;
  const responsive = headerImage ? responsiveImage(asset.url, headerImage) : null;
  const image = (
    <img
      src={asset.url}
      alt={asset.description ?? ''}
      width={asset.width ?? width}
      height={asset.height ?? height}
      className={className}
      decoding="async"
      loading={priority ? 'eager' : 'lazy'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
  if (!responsive) return image;
  // `.header-picture` is display: contents, so the <img> lays out exactly as without it.
  return (
    <picture className="header-picture">
      <source type={responsive.type} srcSet={responsive.srcSet} sizes={responsive.sizes} />
      {image}
    </picture>
  );
}
