import { useState, type ReactNode } from 'react';

export interface ImageOrProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Shown when there is no image, and in its place when it fails to load. */
  fallback: ReactNode;
}

/** An image from a URL the data may carry (a photo, a logo), with what to show without it. */
export function ImageOr({ src, alt, className, fallback }: ImageOrProps) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return fallback;
  return <img src={src} alt={alt} className={className} onError={() => setFailed(true)} />;
}
