import { describe, expect, it } from "vitest";
import { searchFaq, SUPPORT_FAQ } from "~/lib/support-faq";

describe("support FAQ search", () => {
  it("returns everything for an empty term", () => {
    expect(searchFaq(SUPPORT_FAQ, "   ")).toHaveLength(SUPPORT_FAQ.length);
  });

  it("matches question text, case-insensitively", () => {
    expect(searchFaq(SUPPORT_FAQ, "HANDWRITING").map((i) => i.id)).toContain("handwriting");
  });

  it("matches answer text too", () => {
    const ids = searchFaq(SUPPORT_FAQ, "HEIC").map((i) => i.id);
    expect(ids).toEqual(["formats"]);
  });

  it("needs every word, in any order", () => {
    expect(searchFaq(SUPPORT_FAQ, "prorated plan").map((i) => i.id)).toEqual(["cancel"]);
    expect(searchFaq(SUPPORT_FAQ, "zebra crossing")).toEqual([]);
  });
});
