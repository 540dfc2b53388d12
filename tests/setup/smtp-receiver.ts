import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** One mail as the SMTP server received it: the envelope, the raw bytes and the parsed message. */
export type ReceivedMail = { from: string; to: string[]; raw: Buffer; parsed: ParsedMail };

/**
 * A real SMTP server on a local port (smtp-server, by nodemailer's authors): the app's mails go
 * through the whole SMTP exchange and are read back as a mail client would (mailparser).
 */
export async function startSmtpReceiver() {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on the loopback: no certificate to make up for a test.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw,
              parsed,
            });
            waiters.splice(0).forEach((wake) => wake());
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next mail sent to this address (waits for it, within the test's timeout). */
    async mailTo(address: string): Promise<ReceivedMail> {
      for (;;) {
        const mail = received.find((entry) => entry.to.includes(address));
        if (mail) return mail;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
