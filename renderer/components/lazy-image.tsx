import { useEffect, useRef, useState } from 'react';
import { fallbackImagePath, lazyLoadRootMargin } from '../../shared/theme/layout';

/** A transparent pixel: the image's box is drawn (no broken-image icon) before it loads. */
const placeholder = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

export interface LazyImageProps {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
}

/**
 * An image that starts loading 200px before it scrolls into view (spec §9) and shows the
 * fallback image when it has no source or fails to load. Width and height are fixed up front
 * so nothing moves when it arrives.
 */
export function LazyImage({ src, alt, width, height, className }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [visible, setVisible] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: lazyLoadRootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const source = !src || failed ? fallbackImagePath : src;
  return (
    <img
      ref={ref}
      className={className}
      src={visible ? source : placeholder}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
