import { useState } from 'react';

interface FallbackImageProps {
  src: string | undefined;
  alt: string;
  className?: string;
  /** Shown in the image's place when there is no address or the image fails to load. */
  placeholder: string;
}

/** Catalogue images come from a remote host that may be unreachable; a failed one leaves a labelled placeholder of the same size. */
export function FallbackImage({ src, alt, className = '', placeholder }: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string>();
  if (!src || failedSrc === src) {
    return (
      <span className={`image-placeholder ${className}`} aria-hidden={alt === '' ? true : undefined} role={alt === '' ? undefined : 'img'} aria-label={alt || undefined}>
        <span aria-hidden="true">{placeholder}</span>
      </span>
    );
  }
  return <img className={className} src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailedSrc(src)} />;
}
