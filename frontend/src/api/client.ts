/** The typed API client (paths and bodies generated from backend/openapi.json) and its error type. */

import createClient from "openapi-fetch";
import { config } from "../config";
import type { paths } from "./schema";
import type { Problem } from "./types";

export const api = createClient<paths>({ baseUrl: config.apiBaseUrl });

/** A failed call, carrying the server's RFC 7807 problem when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | null;

  constructor(status: number, problem: Problem | null, fallback: string) {
    super(problem?.detail ?? problem?.title ?? fallback);
    this.name = "ApiError";
    this.status = status;
    this.problem = problem;
  }
}

function isProblem(body: unknown): body is Problem {
  return typeof body === "object" && body !== null && "title" in body && "status" in body;
}

/** The data of an openapi-fetch result, or an ApiError built from its problem body. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined) return result.data;
  const problem = isProblem(result.error) ? result.error : null;
  throw new ApiError(result.response.status, problem, `${result.response.status} ${result.response.statusText}`);
}

export async function problemOf(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: the status line says what there is to say
  }
  return new ApiError(response.status, isProblem(body) ? body : null, `${response.status} ${response.statusText}`);
}

export function apiUrl(path: string): string {
  return `${config.apiBaseUrl}${path}`;
}

export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return "The server could not be reached.";
  if (error instanceof Error) return error.message;
  return String(error);
}
