import { describe, expect, it } from "vitest";
import { canvasStudentName, csvCell, isFormula, neutralize, toCsv } from "~/server/exports.server";

describe("CSV cells", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("Lopez, Maria")).toBe('"Lopez, Maria"');
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(87.5)).toBe("87.5");
  });

  it("neutralises text that a spreadsheet would run as a formula", () => {
    for (const bad of ["=1+1", "+SUM(A1)", "-2+3", "@SUM(1+9)*cmd|' /C calc'!A0", "\t=x", "+A1", "-2+3+cmd|' /C calc'!A0"]) {
      expect(isFormula(bad), bad).toBe(true);
      expect(neutralize(bad).startsWith("'")).toBe(true);
    }
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell(-5)).toBe("-5"); // numbers we write are numbers
  });

  it("quotes but never changes names and ids that only start with a sign", () => {
    for (const plain of ["-Ana", "+1A", "@home", "-5", "+44 team"]) {
      expect(isFormula(plain), plain).toBe(false);
      expect(csvCell(plain)).toBe(`"${plain}"`);
    }
  });

  it("writes UTF-8 with a byte-order mark and CRLF rows", () => {
    const csv = toCsv([
      ["Student", "Score"],
      ["José Núñez", 9],
    ]);
    expect(csv).toBe("\uFEFFStudent,Score\r\nJosé Núñez,9\r\n");
  });

  it("lists Canvas students as 'Last, First'", () => {
    expect(canvasStudentName("Maria Lopez")).toBe("Lopez, Maria");
    expect(canvasStudentName("Ana María Diaz")).toBe("Diaz, Ana María");
    expect(canvasStudentName("Prince")).toBe("Prince");
  });
});
