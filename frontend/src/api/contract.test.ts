/// <reference types="node" />
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { HOP_NAMES, isHopName } from "./hops";
import { QUESTION_MAX_LENGTH } from "./limits";

interface OpenApi {
  paths: { "/query": { post: { responses: { 200: { content: { "text/event-stream": { schema: { properties: { event: { enum: string[] } } } } } } } } } };
  components: { schemas: { QueryRequest: { properties: { question: { maxLength: number } } } } };
}

// What the API documents, read from the committed OpenAPI document itself (the app's types are generated
// from it, but lengths and the order of enums are not types).
const openapi = JSON.parse(readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), "../../../backend/openapi.json"), "utf8")) as OpenApi;
const streamEvents = openapi.paths["/query"].post.responses[200].content["text/event-stream"].schema.properties.event.enum;

describe("the hops of the answer stream", () => {
  it("are the stream events the OpenAPI document lists, less the closing answer and error", () => {
    expect(streamEvents).toContain("answer");
    expect(HOP_NAMES).toEqual(streamEvents.filter((name) => name !== "answer" && name !== "error"));
    expect(HOP_NAMES.length).toBeGreaterThan(0);
  });

  it("tell a hop from the closing events and from unknown names", () => {
    for (const name of HOP_NAMES) expect(isHopName(name)).toBe(true);
    for (const name of ["answer", "error", "", "Router", "constructor"]) expect(isHopName(name), name).toBe(false);
  });
});

describe("the question's length limit", () => {
  it("is the one the API enforces", () => {
    expect(QUESTION_MAX_LENGTH).toBe(openapi.components.schemas.QueryRequest.properties.question.maxLength);
  });
});
