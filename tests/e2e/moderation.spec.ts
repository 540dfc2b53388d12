import { seedListings } from "~/services/platform/demo-data.server";
import { addListings, setModeration } from "../setup/moderation-factories";
import { expect, expectToast, test } from "./fixtures";

/** A user's review queue with known cities, notes and reasons (written straight into the e2e database). */
function reviewQueue(userId: string) {
  const [orleansA, orleansB, lyon, paris] = addListings(userId, 4, (index) => ({
    title: ["T2 Centre historique", "Studio Loire", "Loft canal", "Maison Marais"][index]!,
    city: ["Orléans", "Orléans", "Lyon", "Paris"][index]!,
    price: [390, 420, 500, 900][index]!,
  }));
  setModeration([orleansA!], { status: "suspicious", reason: "Paiement par mandat cash demandé", confidence: 0.9 });
  setModeration([orleansB!], { status: "suspicious", reason: "Loyer 46 % sous la médiane de 31 annonces comparables à Orléans", confidence: 0.72 });
  setModeration([lyon!], { status: "suspicious", reason: "Propriétaire à l'étranger", confidence: 0.81 });
  setModeration([paris!], { status: "suspicious" });
  return { orleansA: orleansA!, orleansB: orleansB!, lyon: lyon!, paris: paris! };
}

test.describe("modération IA", () => {
  test("lance une modération sur les données de démonstration, lot par lot puis en automatique", async ({ page, signIn }) => {
    const account = await signIn();
    seedListings(account.id, 300, 11); // 120 en attente IA
    await page.goto("/moderation");
    await expect(page.getByText("120 annonces en attente IA")).toBeVisible();
    await page.getByRole("button", { name: "Lancer la modération IA" }).click();
    await expectToast(page, /^✓ 100 annonces analysées - /);
    await expect(page.getByRole("button", { name: "Continuer (20 restantes)" })).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");

    await page.getByRole("button", { name: "Modération Auto Complète" }).click();
    await expectToast(page, /^✓ 20 annonces analysées - /);
    await expect(page.getByText("0 annonce en attente IA")).toBeVisible();
    // Nothing left: the launches are greyed and say why, instead of answering with a toast.
    const launch = page.getByRole("button", { name: "Lancer la modération IA" });
    await expect(launch).toBeDisabled();
    await expect(launch).toHaveAccessibleDescription("Aucune annonce à modérer");
  });

  test("le parcours du panneau : l'action principale modère tout ce qui attend, avec la progression, et Arrêter ne s'allume que pendant la modération", async ({ page, signIn }) => {
    const account = await signIn();
    addListings(account.id, 2_424);
    await page.goto("/moderation");
    const primary = page.getByRole("button", { name: "Modération Auto Complète" });
    const stop = page.getByRole("button", { name: "Arrêter" });
    await expect(primary).toBeEnabled();
    await expect(primary).toHaveAccessibleDescription("Modère les 2 424 annonces qui attendent l'analyse IA, lot de 100 après lot, jusqu'à la fin.");
    await expect(stop).toBeDisabled();
    await expect(stop).toHaveAccessibleDescription("Disponible seulement pendant une modération.");
    // The secondary controls each say in one line what they do.
    await expect(page.getByText("Un seul lot (100 annonces au plus), pour vérifier les verdicts avant de tout modérer.")).toBeVisible();
    await expect(page.getByText("Aucune annonce suspecte sans analyse IA")).toBeVisible();
    await expect(page.getByText("Garde l'annonce la plus ancienne de chaque référence en double et supprime les autres, après confirmation.")).toBeVisible();
    await expect(page.getByText("Remet vos annonces non blacklistées en attente IA et efface leurs analyses, après confirmation.")).toBeVisible();

    await primary.click();
    await expect(stop).toBeEnabled();
    await expect(primary).toBeDisabled();
    await expect(page.getByRole("button", { name: "Réinitialiser la modération" })).toBeDisabled();
    await expect(page.getByRole("progressbar", { name: "Modération en cours" })).toBeVisible();
    await expectToast(page, /^✓ 2\s424 annonces analysées - /);
    await expect(page.getByRole("progressbar", { name: "Dernière modération" })).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByText("2 424 / 2 424 annonces analysées")).toBeVisible();
    await expect(page.getByText("0 annonce en attente IA")).toBeVisible();
    await expect(stop).toBeDisabled();
    await expect(primary).toBeDisabled();
    await expect(primary).toHaveAccessibleDescription("Aucune annonce à modérer");
  });

  test("le panneau de modération fonctionne aussi sur le tableau de bord", async ({ page, signIn }) => {
    const account = await signIn();
    seedListings(account.id, 150, 14); // 64 en attente IA
    await page.goto("/dashboard");
    await expect(page.getByText("64 annonces en attente IA")).toBeVisible();
    await page.getByRole("button", { name: "Lancer la modération IA" }).click();
    await expectToast(page, /^✓ 64 annonces analysées - /);
    await expect(page.getByText("0 annonce en attente IA")).toBeVisible();
    // The dashboard's own figures are reloaded once the run ends.
    await expect(page.getByRole("region", { name: "Mes annonces" })).toContainText(/En attente IA\s*0\s*Non vérifiées/);
  });

  test("Stop arrête une modération automatique en cours", async ({ page, signIn }) => {
    const account = await signIn();
    seedListings(account.id, 10_000, 13); // 4 000 en attente IA : plusieurs secondes d'analyse
    await page.goto("/moderation");
    await page.getByRole("button", { name: "Modération Auto Complète" }).click();
    const stop = page.getByRole("button", { name: "Arrêter" });
    await expect(stop).toBeEnabled();
    await stop.click();
    await expectToast(page, /^Analyse arrêtée : [\d\s]+ annonces? traitées?$/);
    await expect(stop).toBeDisabled();
    const next = page.getByRole("button", { name: /^Continuer \([\d\s]+ restantes\)$/ });
    await expect(next).toBeVisible();
    await expect(next).toHaveAccessibleDescription(/^Seulement le lot suivant .* « Modération Auto Complète » reprend tout le reste\.$/);
    await expect(page.getByRole("button", { name: "Modération Auto Complète" })).toBeEnabled();
  });

  test("affiche la qualité mesurée de l'IA, ou qu'il manque des décisions", async ({ page, signIn }) => {
    const account = await signIn();
    reviewQueue(account.id);
    await page.goto("/moderation");
    const panel = page.getByRole("region", { name: "Qualité mesurée de l'IA (90 derniers jours)" });
    await expect(panel).toContainText(/Pas encore assez de décisions pour mesurer la qualité \(\d+ sur 30 nécessaires\)/);
    await expect(panel).not.toContainText("98 %");
  });

  test("valide et blackliste une annonce depuis sa carte", async ({ page, signIn }) => {
    const account = await signIn();
    const ids = reviewQueue(account.id);
    await page.goto("/moderation");
    await expect(page.getByText("4 annonces suspectes à modérer")).toBeVisible();
    const cards = page.getByRole("list", { name: "Annonces suspectes" }).getByRole("listitem");
    await expect(cards.first()).toContainText("T2 Centre historique");
    await expect(cards.first()).toContainText("90 %");
    await expect(cards.last()).toContainText("En attente d'analyse");
    await expect(cards.last()).toContainText("Aucune analyse IA pour le moment");
    await expect(cards.filter({ hasText: "Loft canal" }).getByRole("link", { name: "Voir détails" })).toHaveAttribute("href", `/property/${ids.lyon}`);

    await cards.filter({ hasText: "Loft canal" }).getByRole("button", { name: "Valider", exact: true }).click();
    await expectToast(page, "Annonce validée");
    await expect(cards.filter({ hasText: "Loft canal" })).toHaveCount(0);
    // A single blacklisting asks first (issue 24 item 5).
    await cards.filter({ hasText: "Maison Marais" }).getByRole("button", { name: "Blacklister", exact: true }).click();
    await page.getByRole("dialog", { name: "Blacklister cette annonce ?" }).getByRole("button", { name: "Blacklister" }).click();
    await expectToast(page, "Annonce blacklistée");
    await expect(cards).toHaveCount(2);
    await expect(page.getByText("2 annonces suspectes à modérer")).toBeVisible();
  });

  test("Tout valider et Tout blacklister s'appliquent au sous-ensemble recherché", async ({ page, signIn }) => {
    const account = await signIn();
    reviewQueue(account.id);
    await page.goto("/moderation");
    await page.getByLabel("Rechercher").fill("orleans");
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/q=orleans/);
    const cards = page.getByRole("list", { name: "Annonces suspectes" }).getByRole("listitem");
    await expect(cards).toHaveCount(2);
    await expect(page.getByText("2 annonces affichées sur 2")).toBeVisible();

    await page.getByRole("button", { name: "Tout valider" }).click();
    const dialog = page.getByRole("dialog", { name: "Valider les annonces affichées ?" });
    await dialog.getByRole("button", { name: "Valider" }).click();
    await expectToast(page, "2 annonces validées");
    await expect(page.getByText("Aucune annonce suspecte", { exact: true })).toBeVisible();
    await expect(page.getByText("2 annonces suspectes à modérer")).toBeVisible();

    await page.getByLabel("Rechercher").fill("");
    await page.getByLabel("Filtre").selectOption("without");
    await expect(page).toHaveURL(/filter=without/);
    await expect(cards).toHaveCount(1);
    await page.getByRole("button", { name: "Tout blacklister" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Blacklister" }).click();
    await expectToast(page, "1 annonce blacklistée");
    await expect(page.getByText("1 annonce suspecte à modérer")).toBeVisible();
  });

  test("analyse automatiquement les annonces suspectes sans note IA", async ({ page, signIn }) => {
    const account = await signIn();
    reviewQueue(account.id);
    await page.goto("/moderation?filter=without");
    await expect(page.getByRole("list", { name: "Annonces suspectes" }).getByRole("listitem")).toHaveCount(1);
    await page.getByRole("button", { name: "Analyser tout automatiquement" }).click();
    await expectToast(page, /^✓ 1 annonce analysée - /);
    const reanalyze = page.getByRole("button", { name: "Analyser tout automatiquement" });
    await expect(reanalyze).toBeDisabled();
    await expect(reanalyze).toHaveAccessibleDescription("Aucune annonce suspecte sans analyse IA");
  });

  test("supprime les doublons après confirmation", async ({ page, signIn }) => {
    const account = await signIn();
    addListings(account.id, 2, (index) => ({ sourcePlatform: index === 0 ? "fichier" : "moteurimmo", sourcePlatformId: "REF-DOUBLE", title: `Doublon ${index}` }));
    await page.goto("/moderation");
    await page.getByRole("button", { name: "Supprimer doublons" }).click();
    const dialog = page.getByRole("dialog", { name: "Supprimer les doublons ?" });
    await expect(dialog).toContainText("1 doublon(s) détecté(s)");
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expectToast(page, "1 doublon(s) supprimé(s) !");
    await expect(page.getByText("1 annonce en attente IA")).toBeVisible();
    await page.getByRole("button", { name: "Supprimer doublons" }).click();
    await expectToast(page, "Aucun doublon détecté !");
  });

  test("réinitialise la modération après le dialogue de confirmation", async ({ page, signIn }) => {
    const account = await signIn();
    seedListings(account.id, 100, 12); // 40 en attente, 15 suspectes, 35 actives, 10 blacklistées
    await page.goto("/moderation");
    await expect(page.getByText("15 annonces suspectes à modérer")).toBeVisible();
    await page.getByRole("button", { name: "Réinitialiser la modération" }).click();
    const dialog = page.getByRole("dialog", { name: "Êtes-vous sûr ?" });
    // The dialog's own box is empty (its panel is fixed-positioned): check what it shows.
    await expect(dialog.getByText("Toutes vos annonces non blacklistées repasseront en attente IA")).toBeVisible();
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("15 annonces suspectes à modérer")).toBeVisible();

    await page.getByRole("button", { name: "Réinitialiser la modération" }).click();
    await dialog.getByRole("button", { name: "Réinitialiser" }).click();
    await expectToast(page, "Réinitialisation complète effectuée !");
    await expect(page.getByText("0 annonce suspecte à modérer")).toBeVisible();
    await expect(page.getByText("90 annonces en attente IA")).toBeVisible();
  });
});
