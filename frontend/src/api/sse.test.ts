import { describe, expect, it } from "vitest";
import { SseParser } from "./sse";

describe("SseParser", () => {
  it("reads named events with ids, across chunk boundaries and line-ending styles", () => {
    const parser = new SseParser();
    const stream = 'id: 1\r\nevent: router\r\ndata: {"name":"router"}\r\n\r\n: ping\n\nid: 2\nevent: answer\ndata: {"a":\ndata: 1}\n\n';
    const messages = [...stream].flatMap((char) => parser.push(char)); // one character at a time
    expect(messages).toEqual([
      { event: "router", id: "1", data: '{"name":"router"}' },
      { event: "answer", id: "2", data: '{"a":\n1}' },
    ]);
  });

  it("ignores comments and messages without data, and defaults the event name", () => {
    const parser = new SseParser();
    expect(parser.push(": heartbeat\n\nevent: router\n\ndata: x\n\n")).toEqual([{ event: "message", id: null, data: "x" }]);
  });
});
