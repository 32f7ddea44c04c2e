import { describe, expect, it } from "vitest";
import { ANNUAL_SAVING_LABEL, annualSaving, parseBillingPeriod, planPrice, PLANS } from "~/lib/plans";

describe("plans (spec sections 6 and 9)", () => {
  it("has the spec's three plans and prices, Professional flagged popular", () => {
    expect(PLANS.map((p) => [p.name, p.monthlyPrice, p.annualPrice, p.popular])).toEqual([
      ["Starter", 19, 15, false],
      ["Professional", 49, 39, true],
      ["School", 149, 119, false],
    ]);
  });

  it("computes the annual saving as (monthly - annual) x 12", () => {
    expect(PLANS.map(annualSaving)).toEqual([48, 120, 360]);
    expect(ANNUAL_SAVING_LABEL).toBe("Save 20%");
    // The label is honest: every plan saves about a fifth.
    for (const plan of PLANS) expect(Math.round((1 - plan.annualPrice / plan.monthlyPrice) * 100)).toBeGreaterThanOrEqual(20);
  });

  it("gives the price for a billing period, annual by default", () => {
    const pro = PLANS[1]!;
    expect(planPrice(pro, "monthly")).toBe(49);
    expect(planPrice(pro, parseBillingPeriod(null))).toBe(39);
    expect(parseBillingPeriod("monthly")).toBe("monthly");
    expect(parseBillingPeriod("weekly")).toBe("annual");
  });

  it("puts each tier feature where section 6 says", () => {
    const [starter, pro, school] = PLANS;
    for (const f of ["Custom rubric builder", "Bulk upload", "Google Classroom integration", "Advanced analytics"]) {
      expect(starter!.notIncluded).toContain(f);
      expect(pro!.features).toContain(f);
    }
    for (const f of [
      "Unlimited teachers and students",
      "LMS and SIS integrations",
      "API access",
      "Single sign-on (SSO)",
      "Dedicated account manager",
    ]) {
      expect(pro!.notIncluded).toContain(f);
      expect(school!.features).toContain(f);
    }
    expect(starter!.features).toContain("Up to 100 graded submissions a month");
    expect(pro!.features).toContain("Unlimited graded submissions");
    expect(school!.notIncluded).toEqual([]);
  });
});
