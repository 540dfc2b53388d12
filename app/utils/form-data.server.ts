import { REQUEST_MSG } from "~/messages";
import { formFieldsProblem } from "./form-fields";

/**
 * The one way an action reads its form: a body that is not a form (JSON, text, broken
 * multipart) or whose fields are hostile is answered 400 with a French message before conform
 * or any rule sees it, instead of the generic 500. The server has already refused bodies over
 * FORM_LIMITS.maxBytes (app/utils/request-body.server.ts).
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

function refused(message: string): Response {
  return Response.json({ success: false, error: message }, { status: 400, headers: { "Cache-Control": "no-store" } });
}
