import { createCookie } from "@remix-run/node";
import { env } from "./env.server";

// Built per call because the secret comes from the environment, which tests change per file.
function signedCookie(name: string, maxAge: number) {
  const { sessionSecret, isProduction } = env();
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isProduction,
    secrets: [sessionSecret],
    maxAge,
  });
}

export function sessionCookie() {
  return signedCookie("__vigimmo_session", 60 * 60 * 24 * 30);
}

export function toastCookie() {
  return signedCookie("__vigimmo_toast", 60);
}

/** A browser that signed in before (app/utils/sign-in-device.server.ts): a year. */
export function deviceCookie() {
  return signedCookie("__vigimmo_device", 60 * 60 * 24 * 365);
}
