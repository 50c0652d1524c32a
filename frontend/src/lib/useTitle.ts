import { useEffect } from "react";

export const APP_NAME = "filingproof";

/** The document's title while a screen is shown: "<what> · filingproof" (null: still loading, unchanged). */
export function useTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}
