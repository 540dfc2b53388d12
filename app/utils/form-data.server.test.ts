import { describe, expect, it } from "vitest";
import { z } from "zod";
import { REQUEST_MSG } from "~/messages";
import { parseForm } from "./form-data.server";

describe("parseForm", () => {
  it("une exception du parseur de conform devient un 400 français, jamais un 500", async () => {
    // Built directly, as if readForm had let the reserved field through.
    const form = new FormData();
    form.append("__intent__", "garbage");
    const thrown = (() => {
      try {
        parseForm(form, { schema: z.object({ email: z.string() }) });
      } catch (error) {
        return error;
      }
    })() as Response;
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(400);
    expect(await thrown.json()).toEqual({ success: false, error: REQUEST_MSG.unreadable });
  });
});
