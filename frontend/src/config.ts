import { parseConfig } from "./config.schema";

export const config = parseConfig(import.meta.env);
