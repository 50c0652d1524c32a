import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "../api/client";
import { NotFoundError, useResource } from "./useResource";

describe("useResource", () => {
  it.each([
    ["a 404 from the API", new ApiError(404, { type: "about:blank", title: "Not Found", status: 404, detail: "Filing 9 has no page 999.", errors: null, instance: null }, "404"), true],
    ["an address that names nothing", new NotFoundError("No such page."), true],
    ["a server error", new ApiError(500, null, "500 Internal Server Error"), false],
    ["a network failure", new TypeError("Failed to fetch"), false],
  ])("tells %s (final: not found) from a failure a retry may cure", async (_, error, notFound) => {
    const { result } = renderHook(() => useResource("key", () => Promise.reject(error)));
    await waitFor(() => expect(result.current.state).toBe("error"));
    expect(result.current).toMatchObject({ state: "error", notFound });
  });

  it("loads again on retry", async () => {
    let calls = 0;
    const { result } = renderHook(() => useResource("key", () => (++calls === 1 ? Promise.reject(new Error("flaky")) : Promise.resolve("data"))));
    await waitFor(() => expect(result.current.state).toBe("error"));
    if (result.current.state === "error") result.current.retry();
    await waitFor(() => expect(result.current).toMatchObject({ state: "ready", data: "data" }));
  });
});
