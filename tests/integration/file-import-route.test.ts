import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { properties } from "#db/schema";
import { action } from "~/routes/resources.file-import";
import { loadImportControls } from "~/services/connections/import-controls.server";
import { IMPORT_TEXT, toImportJobView } from "~/services/imports/import-job-view";
import { getDb } from "~/utils/db.server";
import { waitForImportJob } from "../setup/connections-factories";
import { makeUser, requestAs, SESSION_INVALID_REDIRECT, thrownBy } from "../setup/factories";

type Answer = {
  ok: boolean;
  toast: { type: string; message: string };
  job?: { id: string; source: string; totalPages: number };
};

/** The route's Response: status and JSON body; a redirect gives its Location as the message. */
async function unwrap(value: unknown): Promise<{ status: number; body: Answer }> {
  expect(value).toBeInstanceOf(Response);
  const response = value as Response;
  if (response.status >= 300 && response.status < 400)
    return {
      status: response.status,
      body: { ok: false, toast: { type: "", message: response.headers.get("Location") ?? "" } },
    };
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  return { status: response.status, body: (await response.json()) as Answer };
}

async function upload(
  userId: string,
  name: string,
  content: string | Uint8Array,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  form.append("file", new File([content as BlobPart], name));
  const request = await requestAs(userId, "/resources/file-import", {
    method: "POST",
    body: form,
    headers,
  });
  return unwrap(await action({ request, params: {}, context: {} }));
}

/** Uploads and waits for the job to end. */
async function importFile(userId: string, name: string, content: string) {
  const { status, body } = await upload(userId, name, content);
  expect(status, body.toast.message).toBe(200);
  expect(body.job?.source).toBe("fichier");
  return waitForImportJob(userId, body.job!.id);
}

function fileListings(userId: string) {
  return getDb()
    .select()
    .from(properties)
    .where(and(eq(properties.createdBy, userId), eq(properties.sourcePlatform, "fichier")))
    .all();
}

const FRENCH_CSV = [
  "Référence;Titre;Prix;Charges;Type de bien;Transaction;Ville;Code postal;Surface (m²);Pièces;Chambres;DPE;Caractéristiques;Photos;Prénom du propriétaire;Nom du propriétaire",
  "APT-1;Appartement T3 lumineux;1 250,50;80;Appartement;location;Lyon;69002;65,5;3;2;C;Balcon|Ascenseur;https://exemple.fr/1.jpg|https://exemple.fr/2.jpg;Marie;Durand",
  'MAI-2;"Maison ""familiale"" avec jardin";350 000 €;;maison;vente;Nantes;44000;120;5;4;D;;;;',
].join("\r\n");

describe("avertissements et fichier vide (issue 24 item 8)", () => {
  it("les valeurs écartées (image ftp://, adresse sans schéma) sont gardées dans le résumé du travail, à part des erreurs", async () => {
    const user = await makeUser();
    const csv = [
      "Référence;Titre;Prix;Ville;Code postal;Surface;Photos;URL",
      "W-1;Studio rue Garibaldi;650;Lyon;69003;25;ftp://photos.agence.fr/1.jpg|https://photos.agence.fr/2.jpg;www.agence.fr/annonce/1",
      "W-2;T2 quai Perrache;850;Lyon;69002;40;https://photos.agence.fr/3.jpg;https://www.agence.fr/annonce/2",
    ].join("\n");
    const job = await importFile(user.id, "avertissements.csv", csv);
    expect(job).toMatchObject({ status: "completed", imported: 2, skipped: 0, errors: [] });
    expect(job.warnings).toHaveLength(2);
    expect(job.warnings[0]).toMatch(/^Ligne 2 : image ignorée/);
    expect(job.warnings[1]).toMatch(/^Ligne 2 : url ignorée/);
    const view = toImportJobView(job);
    expect(view.warnings).toEqual(job.warnings);
  });

  it("un fichier de 0 octet est signalé comme vide, pas comme absent", async () => {
    const user = await makeUser();
    const { status, body } = await upload(user.id, "vide.csv", "");
    expect(status).toBe(400);
    expect(body.toast.message).toBe("Le fichier est vide");
  });
});

describe("import de fichier CSV", () => {
  it("importe les lignes valides avec les nombres au format français", async () => {
    const user = await makeUser();
    const job = await importFile(user.id, "annonces.csv", FRENCH_CSV);
    expect(job).toMatchObject({
      status: "completed",
      imported: 2,
      updated: 0,
      skipped: 0,
      totalProcessed: 2,
      errors: [],
    });
    const rows = fileListings(user.id);
    const flat = rows.find((r) => r.sourcePlatformId === "APT-1")!;
    expect(flat).toMatchObject({
      title: "Appartement T3 lumineux",
      price: 1250.5,
      propertyCharges: 80,
      surfaceArea: 65.5,
      transactionType: "rental",
      city: "Lyon",
      postalCode: "69002",
      energyRating: "C",
      features: ["Balcon", "Ascenseur"],
      images: ["https://exemple.fr/1.jpg", "https://exemple.fr/2.jpg"],
      status: "pending",
    });
    expect(rows.find((r) => r.sourcePlatformId === "MAI-2")).toMatchObject({
      title: 'Maison "familiale" avec jardin',
      price: 350000,
      transactionType: "sale",
      propertyType: "Maison",
    });
  });

  it("rapporte les lignes invalides avec leur numéro et importe les autres", async () => {
    const user = await makeUser();
    const csv = [
      "title,price,city,surface_area",
      "Studio,650,Paris,20",
      ",abc,,",
      "T2,900,Lille,-3",
      "T4,1 100,Rennes,80",
    ].join("\n");
    const job = await importFile(user.id, "listings.csv", csv);
    expect(job).toMatchObject({ status: "completed", imported: 2, skipped: 2, totalProcessed: 4 });
    expect(job.errors).toEqual([
      "Ligne 3 : titre manquant ; prix invalide (« abc ») ; ville manquante",
      "Ligne 4 : surface invalide (« -3 ») : doit être supérieure à 0",
    ]);
    expect(
      fileListings(user.id)
        .map((r) => r.title)
        .sort(),
    ).toEqual(["Studio", "T4"]);
  });

  it("n'importe rien d'un fichier dont toutes les lignes sont invalides", async () => {
    const user = await makeUser();
    const job = await importFile(
      user.id,
      "bad.csv",
      "titre;prix;ville\n;;\nT2;;Lyon\nX;zéro;Lyon\n",
    );
    expect(job).toMatchObject({ status: "completed", imported: 0, skipped: 2 });
    expect(job.errors).toHaveLength(2);
    // Line 2 (';;', what Excel leaves) is blank, not an error; the numbers keep counting it.
    expect(job.errors[0]).toBe("Ligne 3 : prix manquant");
    expect(job.errors[1]).toMatch(/^Ligne 4 : prix invalide/);
    expect(job.message).toBe("Aucune nouvelle annonce à importer");
  });

  it("réimporter le même fichier ne crée aucun doublon (avec ou sans référence)", async () => {
    const user = await makeUser();
    const noRef = "titre;prix;ville\nT2 sans référence;700;Dijon\nT3 sans référence;800;Dijon\n";
    await importFile(user.id, "a.csv", FRENCH_CSV);
    await importFile(user.id, "b.csv", noRef);
    const again = await importFile(user.id, "a.csv", FRENCH_CSV);
    expect(again).toMatchObject({ imported: 0, updated: 0, skipped: 2 });
    const againNoRef = await importFile(user.id, "b.csv", noRef.replace("700", "700,00"));
    expect(againNoRef).toMatchObject({ imported: 0, skipped: 2 });
    expect(fileListings(user.id)).toHaveLength(4);
    const changed = await importFile(user.id, "a.csv", FRENCH_CSV.replace("1 250,50", "1 300"));
    expect(changed).toMatchObject({ imported: 0, updated: 1, skipped: 1 });
    expect(fileListings(user.id)).toHaveLength(4);
  });

  it("garde les annonces de chaque utilisateur séparées", async () => {
    const first = await makeUser();
    const second = await makeUser();
    await importFile(first.id, "a.csv", FRENCH_CSV);
    await importFile(second.id, "a.csv", FRENCH_CSV);
    expect(fileListings(first.id)).toHaveLength(2);
    expect(fileListings(second.id)).toHaveLength(2);
  });
});

describe("import de fichier JSON", () => {
  it("importe un tableau d'objets et signale les éléments invalides", async () => {
    const user = await makeUser();
    const json = JSON.stringify([
      {
        reference: "J-1",
        title: "Loft",
        price: "2 400,00",
        city: "Bordeaux",
        transaction_type: "rental",
        images: ["https://exemple.fr/a.jpg"],
      },
      "pas un objet",
      { title: "Sans prix", city: "Nice" },
      { titre: "Villa", prix: 890000, ville: "Cannes", transaction: "vente", surface: "210,5" },
    ]);
    const job = await importFile(user.id, "annonces.json", json);
    expect(job).toMatchObject({ status: "completed", imported: 2, skipped: 2 });
    expect(job.errors).toEqual(["Élément 2 : un objet est attendu", "Élément 3 : prix manquant"]);
    const rows = fileListings(user.id);
    expect(rows.find((r) => r.sourcePlatformId === "J-1")).toMatchObject({
      price: 2400,
      city: "Bordeaux",
      images: ["https://exemple.fr/a.jpg"],
    });
    expect(rows.find((r) => r.title === "Villa")).toMatchObject({
      price: 890000,
      surfaceArea: 210.5,
      transactionType: "sale",
    });
  });
});

describe("contrôles du fichier envoyé", () => {
  it.each([
    [
      "un fichier sans colonne obligatoire",
      "a.csv",
      "titre;ville\nT2;Lyon\n",
      "Colonnes obligatoires manquantes : prix",
    ],
    ["un fichier vide", "a.csv", "   \n", "Le fichier est vide"],
    ["un JSON invalide", "a.json", "[{", /^Fichier JSON invalide/],
    ["un classeur Excel", "a.xlsx", "PK\u0003\u0004....", /^Les classeurs Excel/],
  ])("refuse %s avec un message clair", async (_label, name, content, message) => {
    const user = await makeUser();
    const { status, body } = await upload(user.id, name, content);
    expect(status).toBe(400);
    expect(body.ok).toBe(false);
    expect(body.toast.type).toBe("error");
    expect(body.toast.message).toEqual(
      typeof message === "string" ? message : expect.stringMatching(message),
    );
    expect(loadImportControls({ id: user.id, isAdmin: false }).runningJob).toBeNull();
  });

  it("demande un fichier quand aucun n'est joint", async () => {
    const user = await makeUser();
    const request = await requestAs(user.id, "/resources/file-import", {
      method: "POST",
      body: new FormData(),
    });
    const { status, body } = await unwrap(await action({ request, params: {}, context: {} }));
    expect(status).toBe(400);
    expect(body.toast.message).toBe("Veuillez choisir un fichier CSV ou JSON");
  });

  it("refuse un fichier de plus de 10 Mo", async () => {
    const user = await makeUser();
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(65);
    const { status, body } = await upload(user.id, "gros.csv", big);
    expect(status).toBe(413);
    expect(body.toast.message).toBe("Fichier trop volumineux (10 Mo maximum)");
  });

  it("compte les octets pendant l'envoi, même sans Content-Length, et s'arrête au plafond", async () => {
    const user = await makeUser();
    const boundary = "----vigimmo-test";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="flux.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    const chunk = new Uint8Array(1024 * 1024).fill(66);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        // An endless upload: only the cap can end it.
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const request = await requestAs(user.id, "/resources/file-import", {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      // Node's Request needs duplex for a streamed body.
      duplex: "half",
    });
    const { status, body: answer } = await unwrap(
      await action({ request, params: {}, context: {} }),
    );
    expect(status).toBe(413);
    expect(answer.toast.message).toBe("Fichier trop volumineux (10 Mo maximum)");
    expect(sent).toBeLessThan(13 * 1024 * 1024);
  });

  it("refuse un deuxième import pendant qu'un premier tourne, et l'arrête sur demande", async () => {
    const user = await makeUser();
    const rows = Array.from({ length: 5000 }, (_, i) => `T${i};${500 + i};Lyon`).join("\n");
    const first = await upload(user.id, "a.csv", `titre;prix;ville\n${rows}\n`);
    expect(first.status).toBe(200);
    expect(first.body.toast.message).toBe("Import de 5000 lignes démarré.");
    expect(first.body.job?.totalPages).toBe(10);
    const second = await upload(user.id, "b.csv", FRENCH_CSV);
    expect(second.status).toBe(409);
    expect(second.body.toast.message).toBe(IMPORT_TEXT.busy);

    const other = await makeUser();
    const stopByOther = await unwrap(
      await action({
        request: await requestAs(other.id, "/resources/file-import", {
          form: { intent: "cancel", jobId: first.body.job!.id },
        }),
        params: {},
        context: {},
      }),
    );
    expect(stopByOther.status).toBe(400);
    expect(stopByOther.body).toEqual({
      ok: false,
      toast: { type: "error", message: "Cet import est déjà terminé" },
    });
    const stop = await unwrap(
      await action({
        request: await requestAs(user.id, "/resources/file-import", {
          form: { intent: "cancel", jobId: first.body.job!.id },
        }),
        params: {},
        context: {},
      }),
    );
    const job = await waitForImportJob(user.id, first.body.job!.id);
    // The Stop may land after the last batch on a fast machine; either way the job has ended.
    expect(["cancelled", "completed"]).toContain(job.status);
    if (stop.body.ok) expect(job.status).toBe("cancelled");
    expect(stop.status).toBe(stop.body.ok ? 200 : 400);
  });

  it("refuse un envoi sans fichier ni demande d'arrêt (400)", async () => {
    const user = await makeUser();
    const request = await requestAs(user.id, "/resources/file-import", {
      form: { intent: "autre" },
    });
    const { status, body } = await unwrap(await action({ request, params: {}, context: {} }));
    expect(status).toBe(400);
    expect(body).toEqual({
      ok: false,
      toast: {
        type: "error",
        message: "Envoi du fichier illisible : réessayez depuis le formulaire d'import",
      },
    });
  });

  it("renvoie vers /properties avec un message quand le formulaire est envoyé sans JavaScript", async () => {
    const user = await makeUser();
    const { status, body } = await upload(user.id, "vide.csv", "", {
      "Sec-Fetch-Mode": "navigate",
    });
    expect(status).toBe(302);
    expect(body.toast.message).toBe("/properties");
    // A browser without Sec-Fetch-Mode is recognised by the HTML it asks for.
    const old = await upload(user.id, "vide.csv", "", { Accept: "text/html,*/*;q=0.8" });
    expect(old.status).toBe(302);
    expect(old.body.toast.message).toBe("/properties");
  });

  it("exige une session", async () => {
    const form = new FormData();
    form.append("file", new File([FRENCH_CSV], "a.csv"));
    const request = await requestAs(null, "/resources/file-import", { method: "POST", body: form });
    expect(await thrownBy(() => action({ request, params: {}, context: {} }))).toEqual(SESSION_INVALID_REDIRECT);
  });
});

/**
 * An upload whose body starts and then waits (a slow line): `finish()` ends it as a broken
 * multipart, so that the route lets its slot go.
 */
async function hangingUpload(userId: string) {
  let stop: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('--B\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n['));
      stop = () => controller.close();
    },
  });
  const request = await requestAs(userId, "/resources/file-import", {
    method: "POST",
    body,
    headers: { "Content-Type": "multipart/form-data; boundary=B" },
    duplex: "half",
  } as RequestInit);
  const answer = action({ request, params: {}, context: {} });
  return { answer, finish: () => stop!() };
}

describe("envois simultanés (issue 23 item 7)", () => {
  it("un import en cours : 409 tout de suite, avant de lire le fichier", async () => {
    const user = await makeUser();
    const { createImportJob } = await import("~/services/imports/import-jobs.server");
    createImportJob(user.id, { source: "fichier" });
    const { answer, finish } = await hangingUpload(user.id);
    const settled = await Promise.race([answer.then(unwrap), new Promise((resolve) => setTimeout(() => resolve("en attente"), 2_000))]);
    finish();
    expect(settled).toMatchObject({ status: 409, body: { ok: false, toast: { message: IMPORT_TEXT.busy } } });
  });

  it("un envoi à la fois par compte, quatre en tout : les suivants reçoivent 429 sans être lus", async () => {
    const { FILE_UPLOADS } = await import("~/config");
    const users = await Promise.all(Array.from({ length: FILE_UPLOADS.total + 1 }, () => makeUser()));
    const first = await hangingUpload(users[0]!.id);
    const again = await hangingUpload(users[0]!.id);
    expect(await unwrap(await again.answer)).toMatchObject({ status: 429, body: { ok: false, toast: { message: FILE_UPLOADS.messages.perUser } } });
    const others = await Promise.all(users.slice(1, FILE_UPLOADS.total).map((user) => hangingUpload(user.id)));
    const last = await hangingUpload(users[FILE_UPLOADS.total]!.id);
    expect(await unwrap(await last.answer)).toMatchObject({ status: 429, body: { ok: false, toast: { message: FILE_UPLOADS.messages.total } } });
    for (const upload of [first, ...others]) upload.finish();
    await Promise.all([first, ...others].map((upload) => upload.answer));
    // Every slot is back: the next upload is read.
    await importFile(users[FILE_UPLOADS.total]!.id, "annonces.csv", "titre;prix;ville\nT2;700;Lyon\n");
  });
});
