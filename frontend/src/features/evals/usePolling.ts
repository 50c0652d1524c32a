import { useEffect } from "react";

/** Calls `tick` every `intervalMs` while `active` (a run in progress), and not in a hidden tab. */
export function usePolling(active: boolean, tick: () => void, intervalMs = 2000): void {
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") tick();
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [active, tick, intervalMs]);
}
