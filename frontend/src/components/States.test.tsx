import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { LoadFailed, SkipLink } from "./States";

function show(notFound: boolean, retry: () => void = () => undefined) {
  return render(
    <MemoryRouter>
      <LoadFailed title="The page could not be loaded" notFoundTitle="Page not found" resource={{ message: "Filing 1 has no page 60.", notFound, retry }} level={2} />
    </MemoryRouter>,
  );
}

describe("LoadFailed", () => {
  it("says not found, under a heading, with ways on and no retry", () => {
    show(true);
    expect(screen.getByRole("heading", { level: 2, name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByTestId("not-found")).toHaveTextContent("Filing 1 has no page 60.");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(screen.getByRole("link", { name: "Ask a question" })).toHaveAttribute("href", "/");
  });

  it("offers a retry for any other failure", async () => {
    let retried = 0;
    show(false, () => (retried += 1));
    expect(screen.getByRole("heading", { level: 2, name: "The page could not be loaded" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retried).toBe(1);
  });
});

describe("SkipLink", () => {
  it("moves the focus to its target without changing the address", async () => {
    render(
      <>
        <SkipLink target="page-view">Skip the page thumbnails</SkipLink>
        <a href="/view/1/1">Page 1</a>
        <div id="page-view" tabIndex={0}>
          page
        </div>
      </>,
    );
    const before = window.location.href;
    await userEvent.click(screen.getByRole("link", { name: "Skip the page thumbnails" }));
    expect(document.activeElement?.id).toBe("page-view");
    expect(window.location.href).toBe(before);
  });
});
