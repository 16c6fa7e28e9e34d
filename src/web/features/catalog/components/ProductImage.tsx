import type { CSSProperties } from 'react';
import {
  LARGE_IMAGE_WIDTH,
  MEDIUM_IMAGE_WIDTH,
  mediumImageUrl,
  SMALL_IMAGE_WIDTH,
  smallImageUrl,
} from '../../../../shared/catalog/images';

interface ProductImageProps {
  src: string;
  alt: string;
  /** The grid uses the small copy; the product page lets the browser choose. */
  size: 'small' | 'large';
  priority?: boolean;
  className?: string;
  /** False where a drag means something else (a swipe through a gallery). */
  draggable?: boolean;
  style?: CSSProperties;
}

/** A square product picture with its size set, so nothing moves while it loads. */
export function ProductImage({
  src,
  alt,
  size,
  priority = false,
  className = '',
  draggable,
  style,
}: ProductImageProps) {
  const small = smallImageUrl(src);
  const srcSet = small
    ? `${small} ${SMALL_IMAGE_WIDTH}w, ${mediumImageUrl(src)} ${MEDIUM_IMAGE_WIDTH}w, ${src} ${LARGE_IMAGE_WIDTH}w`
    : undefined;
  return (
    <img
      src={size === 'small' && small ? small : src}
      srcSet={srcSet}
      sizes={
        size === 'small'
          ? '(min-width: 1024px) 22vw, (min-width: 640px) 30vw, 46vw'
          : '(min-width: 768px) 50vw, 100vw'
      }
      alt={alt}
      width={size === 'small' ? SMALL_IMAGE_WIDTH : LARGE_IMAGE_WIDTH}
      height={size === 'small' ? SMALL_IMAGE_WIDTH : LARGE_IMAGE_WIDTH}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      draggable={draggable}
      style={style}
      className={`aspect-square w-full bg-sand object-cover ${className}`}
    />
  );
}
