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
