import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.schema";

describe("parseConfig", () => {
  it("defaults to the same origin", () => {
    expect(parseConfig({})).toEqual({ apiBaseUrl: "", queryTimeoutMs: 60_000 });
    expect(parseConfig({ VITE_API_BASE_URL: "  " }).apiBaseUrl).toBe("");
  });

  it("takes an absolute http(s) base URL without its trailing slash", () => {
    expect(parseConfig({ VITE_API_BASE_URL: "https://api.example.com/v1/" }).apiBaseUrl).toBe("https://api.example.com/v1");
  });

  it.each([
    [{ VITE_API_BASE_URL: "/api" }, /absolute/],
    [{ VITE_API_BASE_URL: "ftp://example.com" }, /http or https/],
    [{ VITE_API_BASE_URL: "https://example.com/?x=1" }, /query/],
    [{ VITE_QUERY_TIMEOUT_MS: "fast" }, /VITE_QUERY_TIMEOUT_MS/],
    [{ VITE_QUERY_TIMEOUT_MS: "10" }, /VITE_QUERY_TIMEOUT_MS/],
  ])("refuses %o", (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });
});
