import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { CLIENT_TIMEOUTS } from "~/config";
import { REQUEST_MSG } from "~/messages";
import { countFormFields, readRequestBody } from "./request-body.server";

const URLENCODED = "application/x-www-form-urlencoded";

/** An incoming request whose body arrives in `chunks`. */
function incoming(method: string, url: string, chunks: Buffer[], headers: Record<string, string> = {}) {
  return Object.assign(Readable.from(chunks), { method, url, headers }) as unknown as IncomingMessage;
}

describe("countFormFields", () => {
  it.each([
    ["", URLENCODED, 0],
    ["a=1", URLENCODED, 1],
    ["a=1&b=2&c=3", "application/x-www-form-urlencoded; charset=UTF-8", 3],
    ["a=1" + "&k=v".repeat(10_000), URLENCODED, 202],
    ['--AbC\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--AbC\r\nContent-Disposition: form-data; name="b"\r\n\r\n2\r\n--AbC--\r\n', "multipart/form-data; boundary=AbC", 2],
    ['{"a":1}', "application/json", 1],
    // Spelled as the Fetch parser reads them: case and spaces around the type do not matter.
    ["a=1" + "&k=v".repeat(300), " Application/X-WWW-Form-Urlencoded ; charset=UTF-8", 202],
    ['--AbC\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--AbC\r\nContent-Disposition: form-data; name="b"\r\n\r\n2\r\n--AbC--\r\n', 'Multipart/Form-Data ; BOUNDARY="AbC"', 2],
  ])("%j (%s) : %i champs (bornés à 201)", (body, contentType, fields) => {
    expect(countFormFields(Buffer.from(body), contentType)).toBe(fields);
  });
});

describe("countFormFields : corps ambigus", () => {
  it("deux paramètres boundary : illisible (null), pas d'analyse qui compterait l'un et lirait l'autre", () => {
    const body = Buffer.from('--B\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--B--\r\n');
    expect(countFormFields(body, "multipart/form-data; boundary=A; boundary=B")).toBeNull();
    expect(countFormFields(body, "multipart/form-data; boundary=B; Boundary=A")).toBeNull();
  });
});

describe("readRequestBody", () => {
  it("deux paramètres boundary : 400 « Formulaire illisible » avant toute analyse", async () => {
    const many = Buffer.from(Array.from({ length: 300 }, (_, i) => `--B\r\nContent-Disposition: form-data; name="k${i}"\r\n\r\nv\r\n`).join("") + "--B--\r\n");
    expect(await readRequestBody(incoming("POST", "/auth", [many], { "content-type": "multipart/form-data; boundary=A; boundary=B" }))).toEqual({
      kind: "refused",
      status: 400,
      message: REQUEST_MSG.unreadable,
    });
  });

  it("import de fichier : seul un envoi multipart passe en flux, tout autre corps a les limites des formulaires", async () => {
    const multipart = { "content-type": "multipart/form-data; boundary=X" };
    expect(await readRequestBody(incoming("POST", "/resources/file-import", [Buffer.from("x")], multipart))).toEqual({ kind: "stream" });
    const big = Array.from({ length: 100 }, () => Buffer.alloc(1024, "k"));
    for (const contentType of [URLENCODED, "text/plain", "application/json", "", "multipart/form-data"]) {
      const headers: Record<string, string> = contentType ? { "content-type": contentType } : {};
      expect(await readRequestBody(incoming("POST", "/resources/file-import", big, headers)), contentType).toEqual({
        kind: "refused",
        status: 413,
        message: REQUEST_MSG.tooLarge,
      });
    }
    const cancel = await readRequestBody(incoming("POST", "/resources/file-import", [Buffer.from("intent=cancel&jobId=1")], { "content-type": URLENCODED }));
    expect(cancel).toEqual({ kind: "buffer", bytes: Buffer.from("intent=cancel&jobId=1") });
  });

  it("laisse passer GET sans corps et le fichier d'import en flux", async () => {
    expect(await readRequestBody(incoming("GET", "/dashboard", []))).toEqual({ kind: "none" });
    const multipart = { "content-type": "multipart/form-data; boundary=X" };
    expect(await readRequestBody(incoming("POST", "/resources/file-import", [Buffer.from("x")], multipart))).toEqual({ kind: "stream" });
    expect(await readRequestBody(incoming("POST", "/Resources/File-Import.data?x=1", [Buffer.from("x")], multipart))).toEqual({ kind: "stream" });
  });

  it("lit un formulaire normal en entier", async () => {
    const body = await readRequestBody(incoming("POST", "/auth", [Buffer.from("intent=signin&"), Buffer.from("email=a")], { "content-type": URLENCODED }));
    expect(body).toEqual({ kind: "buffer", bytes: Buffer.from("intent=signin&email=a") });
  });

  it("refuse sur la taille annoncée, puis sur les octets reçus, au-delà de 64 Ko", async () => {
    const refused = { kind: "refused", status: 413, message: REQUEST_MSG.tooLarge };
    expect(await readRequestBody(incoming("POST", "/auth", [], { "content-length": String(64 * 1024 + 1) }))).toEqual(refused);
    const chunks = Array.from({ length: 100 }, () => Buffer.alloc(1024, "a"));
    expect(await readRequestBody(incoming("POST", "/auth", chunks, { "content-type": URLENCODED }))).toEqual(refused);
    expect(await readRequestBody(incoming("POST", "/auth", [Buffer.alloc(64 * 1024, "a")], { "content-type": "text/plain" }))).toMatchObject({ kind: "buffer" });
  });

  it("refuse plus de 200 champs avant toute analyse", async () => {
    const body = Buffer.from("a=1" + "&k=v".repeat(200));
    expect(await readRequestBody(incoming("POST", "/request-api-key", [body], { "content-type": URLENCODED }))).toEqual({
      kind: "refused",
      status: 400,
      message: REQUEST_MSG.tooManyFields,
    });
    const fine = Buffer.from("a=1" + "&k=v".repeat(199));
    expect(await readRequestBody(incoming("POST", "/request-api-key", [fine], { "content-type": URLENCODED }))).toMatchObject({ kind: "buffer" });
  });
});

describe("readRequestBody : corps lents (issue 23 item 12)", () => {
  it("un formulaire qui n'est pas arrivé en entier au bout de 20 s : 408, sans attendre la suite", async () => {
    vi.useFakeTimers();
    try {
      // A body that sends a few bytes and then nothing more.
      const trickle = new Readable({ read() {} });
      trickle.push("intent=signin&email=");
      const req = Object.assign(trickle, { method: "POST", url: "/auth", headers: { "content-type": URLENCODED } }) as unknown as IncomingMessage;
      const body = readRequestBody(req);
      await vi.advanceTimersByTimeAsync(CLIENT_TIMEOUTS.formBodyMs);
      expect(await body).toEqual({ kind: "refused", status: 408, message: REQUEST_MSG.tooSlow });
    } finally {
      vi.useRealTimers();
    }
  });
});
