import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";
import { parseConfig } from "./src/config.schema.ts";

// The API paths the dev server forwards to a running backend (`filingproof serve`, port 8000 by default):
// whole path segments, so that the app's own `/evals` is not taken for the API's `/eval`.
const API_PATHS = "^/(filings|query|eval|health|ready|stats|docs|openapi\\.json)(/|\\?|$)";

export default defineConfig(({ mode }) => {
  parseConfig(loadEnv(mode, process.cwd(), "VITE_")); // fail the build on a bad setting
  const backend = process.env.FILINGPROOF_URL ?? "http://127.0.0.1:8000";
  return {
    plugins: [react(), tailwindcss()],
    server: { proxy: { [API_PATHS]: { target: backend } } },
    build: { target: "es2022", reportCompressedSize: true },
  };
});
