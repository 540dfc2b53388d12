import type { MoteurImmoErrorKind } from "../moteurimmo/client.server";
import type { AdSourceConfig, ListingPage } from "./listing-page";

/** Messages between the import job (main thread) and the parsing worker (ad-page-worker.ts). */
export type WorkerRequest =
  | {
      type: "fetch";
      id: number;
      session: string;
      config: AdSourceConfig;
      query: Record<string, unknown>;
      page: number;
      maxLength: number;
    }
  | { type: "abort"; id: number }
  | { type: "close"; session: string };

export type WorkerError = {
  name: string;
  message: string;
  kind?: MoteurImmoErrorKind;
  status: number | null;
  detail: string | null;
};

export type WorkerReply =
  | { type: "ready" }
  | { type: "result"; id: number; page: ListingPage }
  | { type: "error"; id: number; error: WorkerError };
