/**
 * Copies text that may still be on its way (a key fetched from the server): Chromium and Safari
 * keep the click's clipboard permission when the item is a promise; otherwise the text is
 * written once it arrives (a failed fetch rejects with its own message).
 */
export async function copyText(text: string | Promise<string>): Promise<void> {
  if (typeof text === "string") return navigator.clipboard.writeText(text);
  if (typeof ClipboardItem !== "undefined" && typeof navigator.clipboard.write === "function") {
    try {
      const blob = text.then((value) => new Blob([value], { type: "text/plain" }));
      await navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]);
      return;
    } catch {
      // Promise items unsupported, or the fetch failed: decided below.
    }
  }
  return navigator.clipboard.writeText(await text);
}
