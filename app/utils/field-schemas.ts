import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "~/config";

/**
 * The fields that several forms share, written once (client-safe: conform checks them in the
 * browser with the same messages the server answers). Each form passes its own French messages.
 */

/**
 * An e-mail address: trimmed, lower-cased, at most 255 characters, well formed. Without
 * messages, the caller's zod error map words them (the CLIs quote the value received).
 */
export function emailField(messages: { required?: string; invalid?: string; tooLong?: string } = {}) {
  return z
    .string({ required_error: messages.required })
    .trim()
    .toLowerCase()
    .min(1, messages.required)
    .max(EMAIL_MAX_LENGTH, messages.tooLong ?? messages.invalid)
    .email(messages.invalid);
}

/** A password as typed (never trimmed); `minLength` 1 for signing in, the SPEC's 6 for a new one. */
export function passwordField(messages: { required: string; tooShort?: string }, minLength = 1) {
  return z
    .string({ required_error: messages.required })
    .min(minLength, minLength > 1 ? (messages.tooShort ?? messages.required) : messages.required)
    .max(1024, messages.required);
}
