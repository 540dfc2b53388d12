import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import Stripe from "stripe";

/** One POST as the receiver got it: headers and the exact body text (the signatures cover it). */
export type ReceivedWebhook = { delivery: string; signature: string; headers: http.IncomingHttpHeaders; body: string; status: number };

/**
 * A customer's webhook endpoint on a local port (node:http). `answer` gives the HTTP status of
 * each POST (200 by default) and optionally its headers; the tests make it fail, then recover.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let answer: (request: { delivery: string; body: string }) => number | { status: number; headers: Record<string, string> } = () => 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const delivery = String(req.headers["x-vigimmo-delivery"] ?? "");
      const answered = answer({ delivery, body });
      const { status, headers } = typeof answered === "number" ? { status: answered, headers: {} } : answered;
      received.push({ delivery, signature: String(req.headers["x-vigimmo-signature"] ?? ""), headers: req.headers, body, status });
      res.writeHead(status, { "content-type": "application/json", ...headers });
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

/**
 * A delivery checked as customers check it: the official Standard Webhooks library (webhook-id,
 * webhook-timestamp, webhook-signature), then Stripe's own verifier on X-Vigimmo-Signature, both
 * with the connection's whsec_ secret. Returns the parsed body; throws when either refuses.
 */
export function verifyDelivery(secret: string, post: ReceivedWebhook): unknown {
  const headers = {
    "webhook-id": String(post.headers["webhook-id"] ?? ""),
    "webhook-timestamp": String(post.headers["webhook-timestamp"] ?? ""),
    "webhook-signature": String(post.headers["webhook-signature"] ?? ""),
  };
  const standard = new Webhook(secret).verify(post.body, headers);
  new Stripe("sk_test_vigimmo").webhooks.constructEvent(post.body, post.signature, secret);
  return standard;
}
