import type { Elements } from '@kontent-ai/delivery-sdk';

type Asset = Elements.AssetsElement['value'][number];

export interface ContentImageProps {
  asset: Asset | undefined;
  /** Size used when the asset does not tell (reserves the space, so nothing jumps when it loads). */
  width: number;
  height: number;
  className?: string;
  /** The first screenful's image should not wait for lazy loading. */
  priority?: boolean;
}

/** An image asset from content, its description as the alternative text. */
export function ContentImage({ asset, width, height, className, priority = false }: ContentImageProps) {
  if (!asset?.url) return null;
  return (
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
}
