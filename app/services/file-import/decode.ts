/**
 * Bytes of an upload -> text. UTF-8 is expected, but Excel's "CSV (séparateur : point-virgule)"
 * on a French Windows writes Windows-1252 and "Texte Unicode" writes UTF-16: both are recognised
 * so that 'Élodie' does not arrive as 'ï¿½lodie'.
 */

// Windows-1252 differs from Latin-1 only in 0x80..0x9F, where it has '€', 'œ', curly quotes...
// (Node's TextDecoder('windows-1252') decodes those as C1 controls, hence this table.)
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = new TextDecoder("latin1").decode(bytes);
  let out = "";
  let from = 0;
  for (let i = 0; i < latin1.length; i++) {
    const code = latin1.charCodeAt(i);
    if (code >= 0x80 && code <= 0x9f) {
      out += latin1.slice(from, i) + CP1252_HIGH[code - 0x80];
      from = i + 1;
    }
  }
  return from === 0 ? latin1 : out + latin1.slice(from);
}

export function byteLength(content: string | Uint8Array | ArrayBuffer): number {
  if (typeof content === "string") return Buffer.byteLength(content, "utf8");
  return content.byteLength;
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

/** Zip (xlsx, ods) and OLE (xls) signatures: a spreadsheet uploaded as is. */
export function isSpreadsheetBinary(content: string | Uint8Array): boolean {
  if (typeof content === "string")
    return content.startsWith("PK\u0003\u0004") || content.startsWith("\u00d0\u00cf\u0011\u00e0");
  return (
    startsWith(content, [0x50, 0x4b, 0x03, 0x04]) || startsWith(content, [0xd0, 0xcf, 0x11, 0xe0])
  );
}

/** Text without its byte order mark. */
export function decodeFileContent(content: string | Uint8Array): string {
  if (typeof content === "string")
    return content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  if (startsWith(content, [0xff, 0xfe])) return new TextDecoder("utf-16le").decode(content);
  if (startsWith(content, [0xfe, 0xff])) return new TextDecoder("utf-16be").decode(content);
  try {
    // fatal: invalid UTF-8 throws instead of yielding U+FFFD, which is our cue for Windows-1252.
    return new TextDecoder("utf-8", { fatal: true }).decode(content);
  } catch {
    return decodeWindows1252(content);
  }
}
