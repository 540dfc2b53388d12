import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
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
  ])("%j (%s) : %i champs (bornés à 201)", (body, contentType, fields) => {
    expect(countFormFields(Buffer.from(body), contentType)).toBe(fields);
  });
});

describe("readRequestBody", () => {
  it("laisse passer GET sans corps et le fichier d'import en flux", async () => {
    expect(await readRequestBody(incoming("GET", "/dashboard", []))).toEqual({ kind: "none" });
    expect(await readRequestBody(incoming("POST", "/resources/file-import", [Buffer.from("x")]))).toEqual({ kind: "stream" });
    expect(await readRequestBody(incoming("POST", "/Resources/File-Import.data?x=1", [Buffer.from("x")]))).toEqual({ kind: "stream" });
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
