import { useEffect, useRef, useState } from "react";

/**
 * A listing's first picture, or a neutral placeholder when there is none or it fails to load
 * (dead partner URLs are common). The effect catches failures that happened before hydration.
 */
export function ListingImage({ src, alt }: { src: string | null; alt: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    if (image && image.complete && image.naturalWidth === 0) setFailed(true);
  }, [src]);
  if (!src || failed) {
    return (
      <div className="flex h-44 w-full items-center justify-center bg-slate-100 text-sm text-slate-600" role="img" aria-label={alt}>
        Pas de photo
      </div>
    );
  }
  return <img ref={ref} src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} className="h-44 w-full bg-slate-100 object-cover" />;
}
