import http from "node:http";
import type { AddressInfo } from "node:net";

/** One POST as the receiver got it: headers and the exact body text (the signature covers it). */
export type ReceivedWebhook = { delivery: string; signature: string; body: string; status: number };

/**
 * A customer's webhook endpoint on a local port (node:http). `answer` gives the HTTP status of
 * each POST (200 by default); the tests make it fail, then recover.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let answer: (request: { delivery: string; body: string }) => number = () => 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const delivery = String(req.headers["x-vigimmo-delivery"] ?? "");
      const status = answer({ delivery, body });
      received.push({ delivery, signature: String(req.headers["x-vigimmo-signature"] ?? ""), body, status });
      res.writeHead(status, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    received,
    answerWith(next: typeof answer) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
