import { FILE_IMPORT_COLUMNS } from "~/services/file-import/columns";

/** A two-line CSV built from the documented examples: the quickest way to see the format. */
function templateHref(): string {
  const quote = (value: string) =>
    /[;"\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  const header = FILE_IMPORT_COLUMNS.map((column) => quote(column.labels[0]!)).join(";");
  const example = FILE_IMPORT_COLUMNS.map((column) => quote(column.example)).join(";");
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${header}\n${example}\n`)}`;
}

/** The columns of a listing file, from the same data the parser reads its headers from. */
export function FileImportColumns() {
  return (
    <details className="rounded-md border border-slate-200">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">
        Colonnes acceptées et format du fichier
      </summary>
      <div className="space-y-2 border-t border-slate-200 px-3 py-2 text-xs text-slate-700">
        <p>
          CSV (séparateur point-virgule, virgule ou tabulation, UTF-8 ou export Excel) ou JSON (un
          tableau d&apos;objets). Les en-têtes français ou anglais sont reconnus, sans tenir compte
          des accents ni des majuscules. Les colonnes marquées * sont obligatoires ; les autres
          colonnes sont ignorées.{" "}
          <a
            href={templateHref()}
            download="modele-annonces.csv"
            className="font-medium text-brand-700 underline"
          >
            Télécharger un modèle CSV
          </a>
        </p>
        {/* No inner scroll box: the dialog's content scrolls (a scroll box needs a focusable child). */}
        <div>
          <table className="w-full table-fixed text-left">
            <caption className="sr-only">Colonnes du fichier d&apos;import</caption>
            <thead>
              <tr>
                <th scope="col" className="w-2/5 py-1 pr-2">
                  Colonne
                </th>
                <th scope="col" className="py-1">
                  Contenu
                </th>
              </tr>
            </thead>
            <tbody>
              {FILE_IMPORT_COLUMNS.map((column) => (
                <tr key={column.key} className="border-t border-slate-100 align-top">
                  <th scope="row" className="w-2/5 py-1.5 pr-2 text-left font-normal">
                    <span className="font-mono font-semibold text-slate-900">
                      {column.labels[0]}
                      {column.required ? " *" : ""}
                    </span>
                    <span className="mt-0.5 block break-all font-mono text-[11px] text-slate-600">
                      {column.labels.slice(1, 5).join(", ")}
                    </span>
                  </th>
                  <td className="py-1.5">
                    {column.description}
                    <span className="mt-0.5 block text-slate-600">
                      Ex. : <span className="font-mono">{column.example}</span>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </details>
  );
}
