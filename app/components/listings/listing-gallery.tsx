import { useRef, useState, type KeyboardEvent } from "react";
import { cn } from "~/components/ui/cn";
import { ImagePlaceholder, ListingImage } from "./listing-image";

/**
 * Large picture and thumbnails. Thumbnails are buttons (Tab reaches them, Enter/Space shows
 * one); the arrow keys, Home and End move between pictures from any thumbnail or arrow button.
 */
export function ListingGallery({ listingId, images, title, propertyType }: { listingId: number; images: string[]; title: string; propertyType: string | null }) {
  const [index, setIndex] = useState(0);
  const thumbnails = useRef<Array<HTMLButtonElement | null>>([]);
  if (images.length === 0) return <ImagePlaceholder label={`${title} : aucune photo`} className="h-72 w-full rounded-xl sm:h-96" />;
  const current = Math.min(index, images.length - 1);
  const show = (next: number, focus = false) => {
    const wrapped = (next + images.length) % images.length;
    setIndex(wrapped);
    if (focus) thumbnails.current[wrapped]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowLeft: current - 1, ArrowUp: current - 1, ArrowRight: current + 1, ArrowDown: current + 1, Home: 0, End: images.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    show(moves[event.key]!, true);
  };
  const label = (i: number) => `Photo ${i + 1} sur ${images.length}`;
  return (
    <section aria-label="Photos de l'annonce" aria-roledescription="galerie" className="space-y-3">
      <div className="relative overflow-hidden rounded-xl bg-slate-100">
        <ListingImage key={images[current]} listingId={listingId} src={images[current]!} alt={`${title} – ${label(current)}`} className="h-72 w-full sm:h-96" propertyType={propertyType} />
        {images.length > 1 ? (
          <>
            <button type="button" onClick={() => show(current - 1)} onKeyDown={onKeyDown} aria-label="Photo précédente" className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 px-3 py-2 text-lg font-bold text-slate-800 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600">
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" onClick={() => show(current + 1)} onKeyDown={onKeyDown} aria-label="Photo suivante" className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 px-3 py-2 text-lg font-bold text-slate-800 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600">
              <span aria-hidden="true">›</span>
            </button>
            <p className="absolute bottom-2 right-2 rounded bg-slate-900/70 px-2 py-0.5 text-xs text-white" aria-live="polite">
              {label(current)}
            </p>
          </>
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul className="flex gap-2 overflow-x-auto p-1" aria-label="Miniatures">
          {images.map((src, i) => (
            <li key={`${src}-${i}`} className="shrink-0">
              <button
                ref={(element) => {
                  thumbnails.current[i] = element;
                }}
                type="button"
                onClick={() => show(i)}
                onKeyDown={onKeyDown}
                aria-label={`Afficher la photo ${i + 1} sur ${images.length}`}
                aria-pressed={i === current}
                className={cn("block overflow-hidden rounded-md ring-2 ring-offset-1 focus-visible:outline-2 focus-visible:outline-brand-600", i === current ? "ring-brand-600" : "ring-transparent")}
              >
                <ListingImage listingId={listingId} src={src} alt={`Miniature ${i + 1}`} className="h-16 w-24" propertyType={propertyType} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
