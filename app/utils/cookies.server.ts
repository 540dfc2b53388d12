import { createCookie } from "@remix-run/node";
import { env } from "./env.server";

// Built per call because the secret comes from the environment, which tests change per file.
export function sessionCookie() {
  const { sessionSecret, isProduction } = env();
  return createCookie("__vigimmo_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isProduction,
    secrets: [sessionSecret],
    maxAge: 60 * 60 * 24 * 30,
  });
}

export function toastCookie() {
  const { sessionSecret, isProduction } = env();
  return createCookie("__vigimmo_toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isProduction,
    secrets: [sessionSecret],
    maxAge: 60,
  });
}
