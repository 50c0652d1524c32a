/** Build-time settings (`VITE_*`), validated both when Vite builds (vite.config.ts) and when the app starts. */

export interface AppConfig {
  /** Where the API lives: "" (the default) means the same origin that serves the app. */
  apiBaseUrl: string;
  /** Give up on a streamed answer after this long without a byte from the server. */
  queryTimeoutMs: number;
}

export type RawEnv = Record<string, string | boolean | undefined>;

function text(env: RawEnv, name: string): string | undefined {
  const value = env[name];
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

function apiBaseUrl(raw: string | undefined): string {
  if (raw === undefined) return "";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`VITE_API_BASE_URL must be an absolute http(s) URL or empty, not ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`VITE_API_BASE_URL must use http or https, not ${url.protocol}`);
  }
  if (url.search || url.hash) throw new Error("VITE_API_BASE_URL must not carry a query or fragment");
  return url.href.replace(/\/+$/, "");
}

function queryTimeoutMs(raw: string | undefined): number {
  if (raw === undefined) return 60_000;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1_000 || value > 600_000) {
    throw new Error(`VITE_QUERY_TIMEOUT_MS must be a whole number of ms from 1000 to 600000, not ${raw}`);
  }
  return value;
}

/** Throws on the first bad value, naming it: a bad build setting fails the build, not a user's session. */
export function parseConfig(env: RawEnv): AppConfig {
  return {
    apiBaseUrl: apiBaseUrl(text(env, "VITE_API_BASE_URL")),
    queryTimeoutMs: queryTimeoutMs(text(env, "VITE_QUERY_TIMEOUT_MS")),
  };
}
