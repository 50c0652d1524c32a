import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "./App";

afterEach(() => window.history.replaceState(null, "", "/"));

describe("an address that is not a screen of the app", () => {
  it("shows a not-found state with its own heading and title, and no retry", async () => {
    window.history.replaceState(null, "", "/no/such/screen");
    render(<App />);
    expect(await screen.findByRole("heading", { level: 1, name: "Nothing here" })).toBeInTheDocument();
    expect(screen.getByTestId("not-found")).toHaveTextContent("This address is not a page of the app.");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(screen.getByRole("link", { name: "Browse the filings" })).toHaveAttribute("href", "/browse");
    expect(document.title).toBe("Not found · filingproof");
  });
});
