/** The admin token, kept for this tab only (session storage): asked for once, by any screen that needs it. */

const TOKEN_KEY = "filingproof.adminToken";

export function storedAdminToken(): string {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? "";
  } catch {
    return "";
  }
}

/** Kept once the server accepted it, so that a mistyped token is not remembered. */
export function keepAdminToken(token: string): void {
  try {
    sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    // storage refused (private mode): the token is asked for again next time
  }
}
