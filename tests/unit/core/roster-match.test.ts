// Linking the name written on a paper to the roster: accents, word order, initials and one misread letter
// allowed; a link only when one student clearly fits best (issue 30, step 6).
import { describe, expect, it } from "vitest";
import { matchRoster, nameWords } from "../../../core/roster/match-name";

const roster = [
  { id: "s1", name: "Ana María López" },
  { id: "s2", name: "Jordan Smith" },
  { id: "s3", name: "Mia Chen" },
  { id: "s4", name: "Noah O'Brien" },
];

const linked = (written: string, students = roster) => matchRoster(written, students).student?.id ?? null;

describe("linking a paper's name to the roster", () => {
  it("reads a name's words without case, accents or punctuation, in reading order", () => {
    expect(nameWords("López, Ana María")).toEqual(["ana", "maria", "lopez"]);
    expect(nameWords("NOAH O'BRIEN")).toEqual(["noah", "obrien"]);
  });

  it.each([
    ["Ana Maria Lopez", "s1"],
    ["ana maría lópez", "s1"],
    ["Smith, Jordan", "s2"],
    ["Lopez, Ana Maria", "s1"],
    ["jordan smith", "s2"],
    ["J. Smith", "s2"],
    ["Jordan S.", "s2"],
    ["Ana Lopez", "s1"],
    ["Jordan Smlth", "s2"],
    ["Mia Chem", "s3"],
    ["Noah OBrien", "s4"],
    ["Noah O Brien", "s4"],
  ])("links %s to %s", (written, id) => {
    expect(linked(written)).toBe(id);
  });

  it("links the linked paper under the roster's own spelling of the name", () => {
    expect(matchRoster("smith, jordan", roster).student).toEqual({ id: "s2", name: "Jordan Smith" });
  });

  it("does not link a first name alone, two misread letters or bare initials", () => {
    expect(linked("Jordan")).toBeNull();
    expect(linked("Jordon Smlth")).toBeNull();
    expect(linked("J. S.")).toBeNull();
    expect(linked("Liam Brown")).toBeNull();
  });

  it("links neither of two students the name fits equally, and offers both", () => {
    const twins = [...roster, { id: "s5", name: "Jamie Smith" }];
    const match = matchRoster("J. Smith", twins);
    expect(match.student).toBeNull();
    expect(match.candidates.map((c) => c.id).sort()).toEqual(["s2", "s5"]);
  });

  it("prefers the exact name over a name one letter away, and links neither when the misread sits between", () => {
    const close = [...roster, { id: "s6", name: "Jordan Smyth" }];
    expect(linked("Jordan Smith", close)).toBe("s2");
    expect(linked("Jordan Smyth", close)).toBe("s6");
    expect(linked("Jordan Smoth", close)).toBeNull();
    expect(
      matchRoster("Jordan Smoth", close)
        .candidates.map((c) => c.id)
        .slice(0, 2)
        .sort(),
    ).toEqual(["s2", "s6"]);
  });

  it("ranks the likely students of a name it could not link, best first", () => {
    const match = matchRoster("Jordn Smitt", roster);
    expect(match.student).toBeNull();
    expect(match.candidates[0]?.id).toBe("s2");
  });
});
