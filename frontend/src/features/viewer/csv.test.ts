import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes fields with commas, quotes, line breaks or edge spaces", () => {
    expect(toCsv([["Years ended", "September 28, 2024"], ['Say "hi"', "391,035"], ["a\nb", " x", "($565)"]])).toBe(
      'Years ended,"September 28, 2024"\r\n"Say ""hi""","391,035"\r\n"a\nb"," x",($565)\r\n',
    );
  });
});
