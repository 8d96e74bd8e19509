import type { ImgHTMLAttributes } from 'react';
import type { PictureSource } from '../lib/picture-srcset';

/**
 * A lot's picture: with stored AVIF sizes a `<picture>` whose AVIF source the browser takes when
 * it reads AVIF (else the WebP `srcSet`), otherwise a plain `<img>`. The `<picture>` is
 * `display: contents`, so the `<img>` lays out and is styled as the container's own child.
 * `sizes` is how wide the place shows it. Source: issue 17 "Pictures: srcset … WebP/AVIF".
 */
export function Picture({
  source,
  sizes,
  ...img
}: { source: PictureSource; sizes: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'>) {
  const element = <img src={source.src} srcSet={source.srcSet} sizes={source.srcSet ? sizes : undefined} {...img} />;
  if (!source.avifSrcSet) return element;
  return (
    <picture style={{ display: 'contents' }}>
      <source type="image/avif" srcSet={source.avifSrcSet} sizes={source.srcSet ? sizes : undefined} />
      {element}
    </picture>
  );
}
