/** Loads something once per key, with the states every view shows: loading, error (with retry), data. */

import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, describeError } from "../api/client";

export type Resource<T> =
  | { state: "loading" }
  | { state: "error"; message: string; notFound: boolean; retry: () => void }
  | { state: "ready"; data: T; reload: () => void };

type Outcome<T> = { key: string; attempt: number } & ({ ok: true; value: T } | { ok: false; error: string; notFound: boolean });

/** A 404 (or an address that names nothing: NotFoundError) is final: trying again cannot help. */
export class NotFoundError extends Error {
  override name = "NotFoundError";
}

function isNotFound(error: unknown): boolean {
  return error instanceof NotFoundError || (error instanceof ApiError && error.status === 404);
}

/** `load` is read when `key` (or a retry) changes: the key must name everything the load depends on. */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const again = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setOutcome({ key, attempt, ok: true, value });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setOutcome({ key, attempt, ok: false, error: describeError(error), notFound: isNotFound(error) });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  if (outcome === null || outcome.key !== key) return { state: "loading" };
  if (!outcome.ok) {
    return outcome.attempt === attempt ? { state: "error", message: outcome.error, notFound: outcome.notFound, retry: again } : { state: "loading" };
  }
  return { state: "ready", data: outcome.value, reload: again };
}
