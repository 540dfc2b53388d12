import { describe, expect, it } from "vitest";
import { analyse, createContextBuilder, type ModerationContext } from "./engine";
import { makeListing } from "#tests/setup/moderation-listings";
import type { ModerationListing } from "./types";

const photos = (prefix: string): string[] =>
  [1, 2, 3, 4, 5].map((i) => `https://img.example.fr/${prefix}/${i}.jpg`);

const LONG_TEXT =
  "Je loue un T3 de 65 m² dans une résidence de 2010 proche du tram et de la gare, au deuxième étage avec " +
  "ascenseur. Séjour de 26 m² avec balcon, cuisine ouverte équipée, deux chambres avec placards, salle de bain " +
  "avec baignoire, WC séparé. Place de parking en sous-sol. Loyer 880 € plus 60 € de charges, chauffage " +
  "individuel au gaz. Libre au 1er novembre. Dossier avec justificatifs habituels, garant ou Visale. Je fais les " +
  "visites moi-même en semaine après 18h ou le samedi.";

function contextOf(listings: ModerationListing[]): ModerationContext {
  const builder = createContextBuilder();
  for (const listing of listings) builder.add(listing);
  return builder.build();
}

const reuseReasons = (listing: ModerationListing, context: ModerationContext): string[] =>
  analyse(listing, context).reasons.filter(
    (r) => r.startsWith("Mêmes photos") || r.startsWith("Texte"),
  );

describe("réutilisation de photos", () => {
  const original = makeListing({
    city: "Bordeaux",
    postalCode: "33100",
    price: 790,
    images: photos("a"),
    ownerKey: "Cédric",
    publishedAt: "2026-10-01T10:00:00Z",
  });
  const copy = makeListing({
    city: "Marseille",
    postalCode: "13002",
    price: 700,
    images: [...photos("a")].reverse(),
    ownerKey: "Stéphanie",
    publishedAt: "2026-10-31T10:00:00Z",
  });

  it("signale la copie publiée plus tard dans une autre ville, pas l'original", () => {
    const context = contextOf([original, copy]);
    expect(reuseReasons(copy, context)).toEqual([
      `Mêmes photos qu'une annonce n° ${original.id} à Bordeaux (autre annonceur, 790 €/mois)`,
    ]);
    expect(analyse(copy, context).flagged).toBe(true);
    expect(reuseReasons(original, context)).toEqual([]);
  });

  it("sans date de publication, signale les deux côtés sous le seuil (ordre inconnu)", () => {
    const context = contextOf([
      { ...original, publishedAt: null },
      { ...copy, publishedAt: null },
    ]);
    const dated = analyse(copy, contextOf([original, copy]));
    for (const listing of [original, copy]) {
      const verdict = analyse({ ...listing, publishedAt: null }, context);
      expect(verdict.reasons[0]).toMatch(/^Mêmes photos .*ordre de publication inconnu\)$/);
      expect(verdict.confidence).toBeLessThan(dated.confidence);
      expect(verdict.flagged).toBe(false);
    }
  });

  it("des dates à moins d'un jour d'écart (import groupé) ne départagent pas", () => {
    const a = { ...original, publishedAt: "2026-10-01T10:00:00Z" };
    const b = { ...copy, publishedAt: "2026-10-01T10:05:00Z" };
    const context = contextOf([a, b]);
    expect(reuseReasons(a, context)[0]).toContain("ordre de publication inconnu");
    expect(reuseReasons(b, context)[0]).toContain("ordre de publication inconnu");
  });

  it("sans date, dans la même ville, la copie moins chère est l'appât", () => {
    const genuine = makeListing({
      city: "Lyon",
      price: 1050,
      images: photos("b"),
      ownerKey: "Valérie",
    });
    const bait = makeListing({ city: "Lyon", price: 620, images: photos("b"), ownerKey: "Robert" });
    const context = contextOf([genuine, bait]);
    expect(analyse(bait, context).flagged).toBe(true);
    expect(reuseReasons(genuine, context)).toEqual([]);
  });

  it("ignore l'annonce elle-même", () => {
    const context = contextOf([original]);
    expect(reuseReasons(original, context)).toEqual([]);
  });

  it("ignore la même annonce republiée par le même annonceur sur un autre site", () => {
    const crossPost = {
      ...original,
      id: "cross-post",
      publishedAt: "2026-10-03T10:00:00Z",
      ownerKey: "cédric ",
    };
    const context = contextOf([original, crossPost]);
    expect(reuseReasons(crossPost, context)).toEqual([]);
    expect(analyse(crossPost, context).flagged).toBe(false);
  });

  it("reconnaît une URL identique malgré le protocole ou les paramètres", () => {
    const variant = {
      ...copy,
      id: "variant",
      images: photos("a").map((u) => `${u.replace("https", "http")}?w=800`),
    };
    const context = contextOf([original, variant]);
    expect(reuseReasons(variant, context)).toHaveLength(1);
  });

  it("ignore une image présente sur un très grand nombre d'annonces (logo, image par défaut)", () => {
    const placeholder = "https://img.example.fr/no-photo.png";
    const listings = Array.from({ length: 60 }, (_, i) =>
      makeListing({ city: `Ville${i}`, images: [placeholder], ownerKey: `o${i}` }),
    );
    const context = contextOf(listings);
    expect(reuseReasons(listings[0], context)).toEqual([]);
  });
});

describe("réutilisation de texte", () => {
  const original = makeListing({
    description: LONG_TEXT,
    city: "Marseille",
    postalCode: "13008",
    price: 1050,
    ownerKey: "Valérie",
    publishedAt: "2026-09-26T10:00:00Z",
  });

  it("signale un texte recopié par un autre annonceur à un autre prix", () => {
    const copy = makeListing({
      description: LONG_TEXT.replace("880 €", "620 €"),
      city: "Marseille",
      postalCode: "13008",
      price: 620,
      ownerKey: "Robert",
      publishedAt: "2026-10-09T10:00:00Z",
    });
    const context = contextOf([original, copy]);
    const reasons = reuseReasons(copy, context);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(
      /^Texte (quasi )?identique à une annonce n° [^ ]+ à Marseille \(autre annonceur, 1 050 €\/mois\)$/,
    );
    expect(reuseReasons(original, context)).toEqual([]);
  });

  it("signale un texte déplacé dans une autre ville", () => {
    const moved = makeListing({
      description: LONG_TEXT.replace("gare", "gare de Morlaix"),
      city: "Morlaix",
      postalCode: "29600",
      price: 1050,
      ownerKey: "Marc",
    });
    const context = contextOf([original, moved]);
    expect(reuseReasons(moved, context)[0]).toMatch(
      /^Texte (quasi )?identique à une annonce n° [^ ]+ à Marseille/,
    );
  });

  it("ne rapproche pas deux annonces différentes qui partagent des formules courantes", () => {
    const other = makeListing({
      description:
        "Maison de 90 m² avec jardin de 500 m², trois chambres, garage et cellier. Chauffage au fioul remplacé par " +
        "une pompe à chaleur. Loyer 820 € par mois. Dossier avec garant ou Visale. Je fais les visites moi-même " +
        "le samedi, écoles et commerces à proximité, gare à cinq minutes en voiture.",
      city: "Quimperlé",
      ownerKey: "Nolwenn",
    });
    const context = contextOf([original, other]);
    expect(reuseReasons(other, context)).toEqual([]);
  });

  it("ignore un texte trop court pour être une copie significative", () => {
    const a = makeListing({
      description: "T2 à louer, contactez-moi.",
      city: "Lyon",
      ownerKey: "A",
    });
    const b = makeListing({
      description: "T2 à louer, contactez-moi.",
      city: "Nice",
      ownerKey: "B",
    });
    const context = contextOf([a, b]);
    expect(reuseReasons(b, context).filter((r) => r.startsWith("Texte"))).toEqual([]);
  });
});
