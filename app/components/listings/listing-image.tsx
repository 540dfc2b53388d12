import { useEffect, useRef, useState } from "react";
import { cn } from "~/components/ui/cn";
import { listingPhotoUrl } from "~/services/listings/photo-url";

/** Shown instead of a picture that is missing or does not load (demo hosts do not resolve). */
export function ImagePlaceholder({ label, className }: { label: string; className?: string }) {
  return (
    <div role="img" aria-label={label} className={cn("flex flex-col items-center justify-center gap-1 bg-slate-100 text-slate-600", className)}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-10 w-10" fill="none" stroke="currentColor" strokeWidth={1.5}>
        <path strokeLinecap="round" strokeLinejoin="round" d="m2.25 12 8.954-8.955a1.126 1.126 0 0 1 1.591 0L21.75 12M4.5 9.75v10.125c0 .621.504 1.125 1.125 1.125H9.75v-4.875c0-.621.504-1.125 1.125-1.125h2.25c.621 0 1.125.504 1.125 1.125V21h4.125c.621 0 1.125-.504 1.125-1.125V9.75" />
      </svg>
      <span className="text-xs font-medium">Pas de photo</span>
    </div>
  );
}

/**
 * A listing picture that falls back to the placeholder when it fails. The error may happen
 * before hydration (server-rendered <img>), so a broken image is also detected on mount; while
 * it loads, the box is the placeholder's grey, never a white hole. Demo pictures are served by
 * the app itself (a "Maison" gets a house), any other through the app's picture route.
 */
export function ListingImage({
  listingId,
  src,
  alt,
  className,
  propertyType,
}: {
  listingId: number;
  src: string | null;
  alt: string;
  className?: string;
  propertyType?: string | null;
}) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    setFailed(false);
  }, [src]);
  useEffect(() => {
    const image = ref.current;
    if (image && image.complete && image.naturalWidth === 0) setFailed(true);
  }, [src]);
  if (!src || failed) return <ImagePlaceholder label={`${alt} (pas de photo)`} className={className} />;
  return <img ref={ref} src={listingPhotoUrl(listingId, src, propertyType)} alt={alt} loading="lazy" decoding="async" referrerPolicy="no-referrer" onError={() => setFailed(true)} className={cn("bg-slate-100 object-cover", className)} />;
}
