import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Label } from "@headlessui/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { CommuneSuggestion } from "~/services/prospecting/zone-form";
import { inputClasses } from "../ui/field";

/**
 * The zone form's communes: a search by name or postal code (/resources/communes) whose picks
 * become chips, each sent as a `communes` field (its INSEE code).
 */
export function CommunePicker({ defaultValue, errors }: { defaultValue: CommuneSuggestion[]; errors?: string[] }) {
  const [picked, setPicked] = useState(defaultValue);
  const [query, setQuery] = useState("");
  const search = useFetcher<{ communes: CommuneSuggestion[] }>();
  const { load } = search;

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) return;
    const timer = setTimeout(() => load(`/resources/communes?q=${encodeURIComponent(q)}`), 150);
    return () => clearTimeout(timer);
  }, [query, load]);

  const suggestions = query.trim().length < 2 ? [] : (search.data?.communes ?? []).filter((c) => !picked.some((p) => p.code === c.code));
  return (
    <div>
      <Combobox<CommuneSuggestion | null>
        value={null}
        onChange={(commune) => {
          if (commune) setPicked((list) => [...list, commune]);
          setQuery("");
        }}
      >
        <Label className="block text-sm font-medium text-slate-800">Communes</Label>
        <div className="relative mt-1">
          <ComboboxInput
            className={inputClasses}
            placeholder="Nom ou code postal, ex. Lyon ou 69003"
            displayValue={() => query}
            onChange={(event) => setQuery(event.target.value)}
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={errors?.length ? "communes-error" : undefined}
          />
          <ComboboxOptions
            anchor="bottom start"
            className="z-50 w-[var(--input-width)] rounded-md border border-slate-200 bg-white py-1 shadow-lg empty:invisible"
          >
            {suggestions.map((commune) => (
              <ComboboxOption key={commune.code} value={commune} className="cursor-pointer px-3 py-1.5 text-sm text-slate-900 data-[focus]:bg-brand-50">
                {commune.label}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      {picked.length > 0 ? (
        <ul aria-label="Communes choisies" className="mt-2 flex flex-wrap gap-2">
          {picked.map((commune) => (
            <li key={commune.code} className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-sm text-brand-700 ring-1 ring-inset ring-brand-100">
              <input type="hidden" name="communes" value={commune.code} />
              {commune.label}
              <button
                type="button"
                className="rounded-full px-1 text-brand-700 hover:bg-brand-100"
                aria-label={`Retirer ${commune.label}`}
                onClick={() => setPicked((list) => list.filter((p) => p.code !== commune.code))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {errors?.length ? (
        <p id="communes-error" className="mt-1 text-sm text-red-700" role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
