import { describe, expect, it } from "vitest";
import { deviceLabel, UNKNOWN_DEVICE } from "./device-label";

describe("deviceLabel", () => {
  it.each([
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome sur Linux"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge sur Windows"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", "Safari sur macOS"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari sur iPhone"],
    ["Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0", "Firefox sur Android"],
    ["Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36", "Samsung Internet sur Android"],
    ["curl/8.5.0", "curl"],
    ["Mozilla/5.0 (X11; Linux x86_64)", "Navigateur sur Linux"],
  ])("%s → %s", (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });

  it("sans User-Agent ou illisible : « Appareil inconnu »", () => {
    expect(deviceLabel(null)).toBe(UNKNOWN_DEVICE);
    expect(deviceLabel("")).toBe(UNKNOWN_DEVICE);
    expect(deviceLabel("robot-maison")).toBe(UNKNOWN_DEVICE);
  });
});
