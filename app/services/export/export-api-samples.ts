/**
 * Code samples of /api-docs, built from the real endpoint of the deployment. The key is a
 * placeholder the reader replaces; tests run the JavaScript, Python and curl samples as written.
 */
export const SAMPLE_KEY_PLACEHOLDER = "VOTRE_CLE_API";

export type Sample = { id: "javascript" | "php" | "python" | "curl"; label: string; code: string };

export function exportApiSamples(endpoint: string): Sample[] {
  const url = JSON.stringify(endpoint);
  return [
    {
      id: "javascript",
      label: "JavaScript",
      code: `// Une page de 50 annonces (Node.js 18+ ou navigateur)
const response = await fetch(${url}, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ apiKey: "${SAMPLE_KEY_PLACEHOLDER}", limit: 50, offset: 0 }),
});
const data = await response.json();
if (!data.success) throw new Error(data.error);
console.log(\`\${data.count} annonces reçues sur \${data.total}\`);
for (const annonce of data.properties) {
  console.log(annonce.id, annonce.title, annonce.price, annonce.city);
}`,
    },
    {
      id: "php",
      label: "PHP",
      code: `<?php
// Une page de 50 annonces avec l'extension cURL
$ch = curl_init(${url});
curl_setopt_array($ch, [
    CURLOPT_POST => true,
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_HTTPHEADER => ["Content-Type: application/json"],
    CURLOPT_POSTFIELDS => json_encode(["apiKey" => "${SAMPLE_KEY_PLACEHOLDER}", "limit" => 50, "offset" => 0]),
]);
$data = json_decode(curl_exec($ch), true);
curl_close($ch);
if (!$data["success"]) {
    exit("Erreur : " . $data["error"] . PHP_EOL);
}
echo $data["count"] . " annonces reçues sur " . $data["total"] . PHP_EOL;
foreach ($data["properties"] as $annonce) {
    echo $annonce["id"] . " " . $annonce["title"] . " " . $annonce["city"] . PHP_EOL;
}`,
    },
    {
      id: "python",
      label: "Python",
      code: `# Une page de 50 annonces avec la bibliothèque requests
import requests

response = requests.post(
    ${url},
    json={"apiKey": "${SAMPLE_KEY_PLACEHOLDER}", "limit": 50, "offset": 0},
    timeout=30,
)
data = response.json()
if not data["success"]:
    raise SystemExit("Erreur : " + data["error"])
print(f"{data['count']} annonces reçues sur {data['total']}")
for annonce in data["properties"]:
    print(annonce["id"], annonce["title"], annonce["city"])`,
    },
    {
      id: "curl",
      label: "cURL",
      // -s: without it curl prints a progress meter around the JSON answer.
      code: `curl -s -X POST ${shellQuote(endpoint)} \\
  -H "Content-Type: application/json" \\
  -d '{"apiKey": "${SAMPLE_KEY_PLACEHOLDER}", "limit": 50, "offset": 0}'`,
    },
  ];
}

/** Paging through every listing, 500 at a time (JavaScript). */
export function exportApiPagingSample(endpoint: string): string {
  return `async function toutesLesAnnonces(apiKey) {
  const annonces = [];
  for (let offset = 0; ; offset += 500) {
    const response = await fetch(${JSON.stringify(endpoint)}, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ apiKey, limit: 500, offset }),
    });
    const data = await response.json();
    if (!data.success) throw new Error(data.error);
    annonces.push(...data.properties);
    if (offset + data.count >= data.total || data.count === 0) return annonces;
  }
}`;
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The file where the synchronisation samples keep the copy and its position. */
export const SYNC_SAMPLE_FILE = "vigimmo-copie.json";

/**
 * "Synchronisation incrémentale" (issue 18): keep a local copy up to date with `updatedSince`
 * (first run) then the `sync_cursor` of the previous run, following `next_cursor` page by page.
 * Tests run the JavaScript, Python and curl samples as written, twice.
 */
export function exportApiSyncSamples(endpoint: string): Sample[] {
  const url = JSON.stringify(endpoint);
  return [
    {
      id: "javascript",
      label: "JavaScript",
      code: `// Synchronisation incrémentale (Node.js 18+) : la copie et sa position restent dans ${SYNC_SAMPLE_FILE}
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const copie = existsSync("${SYNC_SAMPLE_FILE}")
  ? JSON.parse(readFileSync("${SYNC_SAMPLE_FILE}", "utf8"))
  : { annonces: {}, curseur: null };
// La première fois, tout ce qui a changé depuis 1970 : l'export entier.
let position = copie.curseur ? { cursor: copie.curseur } : { updatedSince: "1970-01-01T00:00:00Z" };
let modifiees = 0;
let retirees = 0;
for (;;) {
  const response = await fetch(${url}, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ apiKey: "${SAMPLE_KEY_PLACEHOLDER}", limit: 500, ...position }),
  });
  const data = await response.json();
  if (!data.success) throw new Error(data.error);
  for (const annonce of data.properties) copie.annonces[annonce.id] = annonce;
  for (const { id } of data.removed) delete copie.annonces[id];
  modifiees += data.count;
  retirees += data.removed.length;
  copie.curseur = data.sync_cursor;
  if (!data.next_cursor) break;
  position = { cursor: data.next_cursor };
}
writeFileSync("${SYNC_SAMPLE_FILE}", JSON.stringify(copie));
console.log(\`\${modifiees} annonces modifiées, \${retirees} retirées, \${Object.keys(copie.annonces).length} dans la copie\`);`,
    },
    {
      id: "php",
      label: "PHP",
      code: `<?php
// Synchronisation incrémentale : la copie et sa position restent dans ${SYNC_SAMPLE_FILE}
$copie = file_exists("${SYNC_SAMPLE_FILE}")
    ? json_decode(file_get_contents("${SYNC_SAMPLE_FILE}"), true)
    : ["annonces" => [], "curseur" => null];
// La première fois, tout ce qui a changé depuis 1970 : l'export entier.
$position = $copie["curseur"] ? ["cursor" => $copie["curseur"]] : ["updatedSince" => "1970-01-01T00:00:00Z"];
do {
    $ch = curl_init(${url});
    curl_setopt_array($ch, [
        CURLOPT_POST => true,
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_HTTPHEADER => ["Content-Type: application/json"],
        CURLOPT_POSTFIELDS => json_encode(["apiKey" => "${SAMPLE_KEY_PLACEHOLDER}", "limit" => 500] + $position),
    ]);
    $data = json_decode(curl_exec($ch), true);
    curl_close($ch);
    if (!$data["success"]) {
        exit("Erreur : " . $data["error"] . PHP_EOL);
    }
    foreach ($data["properties"] as $annonce) {
        $copie["annonces"][$annonce["id"]] = $annonce;
    }
    foreach ($data["removed"] as $retrait) {
        unset($copie["annonces"][$retrait["id"]]);
    }
    $copie["curseur"] = $data["sync_cursor"];
    $position = ["cursor" => $data["next_cursor"]];
} while ($data["next_cursor"] !== null);
file_put_contents("${SYNC_SAMPLE_FILE}", json_encode($copie));
echo count($copie["annonces"]) . " annonces dans la copie" . PHP_EOL;`,
    },
    {
      id: "python",
      label: "Python",
      code: `# Synchronisation incrémentale : la copie et sa position restent dans ${SYNC_SAMPLE_FILE}
import json
import os

import requests

copie = {"annonces": {}, "curseur": None}
if os.path.exists("${SYNC_SAMPLE_FILE}"):
    with open("${SYNC_SAMPLE_FILE}", encoding="utf-8") as fichier:
        copie = json.load(fichier)
# La première fois, tout ce qui a changé depuis 1970 : l'export entier.
position = {"cursor": copie["curseur"]} if copie["curseur"] else {"updatedSince": "1970-01-01T00:00:00Z"}
modifiees = retirees = 0
while True:
    data = requests.post(${url}, json={"apiKey": "${SAMPLE_KEY_PLACEHOLDER}", "limit": 500, **position}, timeout=30).json()
    if not data["success"]:
        raise SystemExit("Erreur : " + data["error"])
    for annonce in data["properties"]:
        copie["annonces"][str(annonce["id"])] = annonce
    for retrait in data["removed"]:
        copie["annonces"].pop(str(retrait["id"]), None)
    modifiees += data["count"]
    retirees += len(data["removed"])
    copie["curseur"] = data["sync_cursor"]
    if not data["next_cursor"]:
        break
    position = {"cursor": data["next_cursor"]}
with open("${SYNC_SAMPLE_FILE}", "w", encoding="utf-8") as fichier:
    json.dump(copie, fichier)
print(f"{modifiees} annonces modifiées, {retirees} retirées, {len(copie['annonces'])} dans la copie")`,
    },
    {
      id: "curl",
      label: "cURL",
      code: `# Les annonces modifiées depuis une date, la plus ancienne modification d'abord,
# et celles retirées de l'export dans « removed ». Continuez avec « next_cursor ».
curl -s -X POST ${shellQuote(endpoint)} \\
  -H "Content-Type: application/json" \\
  -d '{"apiKey": "${SAMPLE_KEY_PLACEHOLDER}", "updatedSince": "2026-01-01T00:00:00Z", "limit": 100}'`,
    },
  ];
}

/** The secret placeholder of the webhook samples: the export connection's key. */
export const WEBHOOK_KEY_PLACEHOLDER = "CLE_DE_LA_CONNEXION";

/**
 * Checking a webhook's X-Vigimmo-Signature (issue 18): HMAC-SHA256 of "<t>.<raw body>" with the
 * connection's key, compared in constant time, refused when t is more than 5 minutes away.
 * Each sample defines a function the tests call with a real signed body.
 */
export function webhookVerificationSamples(): Sample[] {
  return [
    {
      id: "javascript",
      label: "JavaScript",
      code: `// Node.js : vérifier un webhook avant de le traiter (corps brut, tel que reçu)
import { createHmac, timingSafeEqual } from "node:crypto";

function signatureValide(corpsBrut, entete, cle = "${WEBHOOK_KEY_PLACEHOLDER}") {
  const champs = Object.fromEntries(entete.split(",").map((champ) => champ.split("=")));
  const t = Number(champs.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const attendue = createHmac("sha256", cle).update(\`\${t}.\${corpsBrut}\`).digest();
  const recue = Buffer.from(champs.v1 ?? "", "hex");
  return recue.length === attendue.length && timingSafeEqual(recue, attendue);
}
// Puis : ignorez un X-Vigimmo-Delivery déjà traité (un lot peut arriver deux fois).`,
    },
    {
      id: "php",
      label: "PHP",
      code: `<?php
// Vérifier un webhook avant de le traiter (corps brut, tel que reçu)
function signatureValide(string $corpsBrut, string $entete, string $cle = "${WEBHOOK_KEY_PLACEHOLDER}"): bool {
    parse_str(str_replace(",", "&", $entete), $champs);
    $t = (int) ($champs["t"] ?? 0);
    if (abs(time() - $t) > 300) {
        return false;
    }
    $attendue = hash_hmac("sha256", $t . "." . $corpsBrut, $cle);
    return hash_equals($attendue, (string) ($champs["v1"] ?? ""));
}
$valide = signatureValide(file_get_contents("php://input"), $_SERVER["HTTP_X_VIGIMMO_SIGNATURE"] ?? "");`,
    },
    {
      id: "python",
      label: "Python",
      code: `# Vérifier un webhook avant de le traiter (corps brut, en octets, tel que reçu)
import hashlib
import hmac
import time


def signature_valide(corps_brut: bytes, entete: str, cle: str = "${WEBHOOK_KEY_PLACEHOLDER}") -> bool:
    champs = dict(champ.split("=", 1) for champ in entete.split(",") if "=" in champ)
    try:
        t = int(champs.get("t", ""))
    except ValueError:
        return False
    if abs(time.time() - t) > 300:
        return False
    attendue = hmac.new(cle.encode(), f"{t}.".encode() + corps_brut, hashlib.sha256).hexdigest()
    return hmac.compare_digest(attendue, champs.get("v1", ""))`,
    },
    {
      id: "curl",
      label: "Shell",
      code: `# Shell (openssl) : CORPS est le corps brut, ENTETE l'en-tête X-Vigimmo-Signature
T=$(printf '%s' "$ENTETE" | sed -n 's/.*t=\\([0-9]*\\).*/\\1/p')
V1=$(printf '%s' "$ENTETE" | sed -n 's/.*v1=\\([0-9a-f]*\\).*/\\1/p')
CALCULEE=$(printf '%s.%s' "$T" "$CORPS" | openssl dgst -sha256 -hmac "${WEBHOOK_KEY_PLACEHOLDER}" | sed 's/^.* //')
if [ "$CALCULEE" = "$V1" ]; then echo "signature valide"; else echo "signature invalide"; fi`,
    },
  ];
}
