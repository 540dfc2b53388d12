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

/** The secret placeholder of the webhook samples: the export connection's signing secret. */
export const WEBHOOK_KEY_PLACEHOLDER = "whsec_SECRET_DE_LA_CONNEXION";

/**
 * Checking a webhook (issue 23 item 13): the Standard Webhooks scheme, `webhook-signature:
 * v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes
 * of the secret after `whsec_`, compared in constant time, refused when the timestamp is more
 * than 5 minutes away. JavaScript uses the official library; the others show the computation.
 * Each sample defines a function (or, in shell, reads variables) that the tests call with a real
 * signed delivery.
 */
export function webhookVerificationSamples(): Sample[] {
  return [
    {
      id: "javascript",
      label: "JavaScript",
      code: `// Node.js, avec la bibliothèque officielle Standard Webhooks (npm install standardwebhooks)
import { Webhook } from "standardwebhooks";

const webhook = new Webhook("${WEBHOOK_KEY_PLACEHOLDER}");

// corpsBrut : le corps tel que reçu (texte) ; entetes : webhook-id, webhook-timestamp et webhook-signature.
// verify refuse aussi un horodatage à plus de 5 minutes.
function webhookValide(corpsBrut, entetes) {
  try {
    webhook.verify(corpsBrut, entetes);
    return true;
  } catch {
    return false;
  }
}
// Puis : ignorez un webhook-id déjà traité (un lot peut arriver deux fois).`,
    },
    {
      id: "php",
      label: "PHP",
      code: `<?php
// Vérifier un webhook avant de le traiter (corps brut, tel que reçu)
function webhookValide(string $corpsBrut, string $id, string $horodatage, string $signatures, string $secret = "${WEBHOOK_KEY_PLACEHOLDER}"): bool {
    if (!ctype_digit($horodatage) || abs(time() - (int) $horodatage) > 300) {
        return false;
    }
    $cle = base64_decode(substr($secret, strlen("whsec_")));
    $attendue = "v1," . base64_encode(hash_hmac("sha256", $id . "." . $horodatage . "." . $corpsBrut, $cle, true));
    foreach (explode(" ", $signatures) as $signature) {
        if (hash_equals($attendue, $signature)) {
            return true;
        }
    }
    return false;
}
$valide = webhookValide(
    file_get_contents("php://input"),
    $_SERVER["HTTP_WEBHOOK_ID"] ?? "",
    $_SERVER["HTTP_WEBHOOK_TIMESTAMP"] ?? "",
    $_SERVER["HTTP_WEBHOOK_SIGNATURE"] ?? ""
);`,
    },
    {
      id: "python",
      label: "Python",
      code: `# Vérifier un webhook avant de le traiter (corps brut, en octets, tel que reçu).
# La bibliothèque officielle fait de même : pip install standardwebhooks
import base64
import hashlib
import hmac
import time


def webhook_valide(corps_brut: bytes, id_: str, horodatage: str, signatures: str, secret: str = "${WEBHOOK_KEY_PLACEHOLDER}") -> bool:
    if not horodatage.isdigit() or abs(time.time() - int(horodatage)) > 300:
        return False
    cle = base64.b64decode(secret[len("whsec_"):])
    mac = hmac.new(cle, f"{id_}.{horodatage}.".encode() + corps_brut, hashlib.sha256).digest()
    attendue = "v1," + base64.b64encode(mac).decode()
    return any(hmac.compare_digest(attendue, signature) for signature in signatures.split(" "))`,
    },
    {
      id: "curl",
      label: "Shell",
      code: `# Shell (openssl) : CORPS est le corps brut ; ID, HORODATAGE et SIGNATURE les en-têtes
# webhook-id, webhook-timestamp et webhook-signature.
SECRET="${WEBHOOK_KEY_PLACEHOLDER}"
MAINTENANT=$(date +%s)
case "$HORODATAGE" in ''|*[!0-9]*) HORODATAGE=0 ;; esac
if [ $((MAINTENANT - HORODATAGE)) -gt 300 ] || [ $((HORODATAGE - MAINTENANT)) -gt 300 ]; then
  echo "horodatage refusé"
else
  CLE=$(printf '%s' "\${SECRET#whsec_}" | openssl base64 -d -A | od -An -v -tx1 | tr -d ' \n')
  CALCULEE=$(printf '%s.%s.%s' "$ID" "$HORODATAGE" "$CORPS" | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$CLE" -binary | openssl base64 -A)
  case " $SIGNATURE " in
    *" v1,$CALCULEE "*) echo "signature valide" ;;
    *) echo "signature invalide" ;;
  esac
fi`,
    },
  ];
}
