/** The 404 page's words: French, with SPEC.md's own text kept beside them, marked as English. */
export function NotFoundText() {
  return (
    <>
      <h1 className="text-2xl font-semibold">Page introuvable</h1>
      <p lang="en" className="text-slate-700">
        Oops! Page not found
      </p>
      <p className="text-slate-700">Cette adresse ne correspond à aucune page de Vigimmo.</p>
    </>
  );
}
