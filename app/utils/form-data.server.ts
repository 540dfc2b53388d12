import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { input, output, ZodTypeAny } from "zod";
import { REQUEST_MSG } from "~/messages";
import { formFieldsProblem } from "./form-fields";

/**
 * The one way an action reads its form: a body that is not a form (JSON, text, broken
 * multipart) or whose fields are hostile (conform's reserved `__intent__`/`__state__` included)
 * is answered 400 with a French message before conform or any rule sees it, instead of the
 * generic 500. The server has already refused bodies over FORM_LIMITS.maxBytes
 * (app/utils/request-body.server.ts).
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw refused(REQUEST_MSG.unreadable);
  }
  const problem = formFieldsProblem([...form.keys()]);
  if (problem) throw refused(problem);
  return form;
}

/**
 * conform's parse of a form read by readForm, for the server: whatever its parser throws (it
 * JSON-parses its own fields, and checks their types with exceptions) is a 400, never a 500.
 */
export function parseForm<Schema extends ZodTypeAny>(form: FormData, options: { schema: Schema }): Submission<input<Schema>, string[], output<Schema>> {
  try {
    return parseWithZod(form, options);
  } catch {
    throw refused(REQUEST_MSG.unreadable);
  }
}

/**
 * The reply of a form refused to a signed-out visitor: the status and the messages only. conform's
 * own reply carries every submitted value and field name back (in the page's data), so a refused
 * anonymous post of 64 KB would be answered with as much again; the visitor's browser keeps what
 * was typed, and without JavaScript the fields come back empty.
 */
export function replyToVisitor(submission: Submission<unknown>, options: { formErrors?: string[] } = {}): SubmissionResult<string[]> {
  const { status, error } = submission.reply(options);
  return { status, error };
}

function refused(message: string): Response {
  return Response.json({ success: false, error: message }, { status: 400, headers: { "Cache-Control": "no-store" } });
}
