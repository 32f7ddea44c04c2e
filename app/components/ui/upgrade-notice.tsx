// What a Starter teacher sees in place of a Professional feature: what it is, the plan it needs, and the way to
// upgrade (there is no payment: the pricing page's paid plans offer "Upgrade an existing account", through us).
import { FEATURE_INFO, planLabel } from "~/lib/plans";
import { requiredPlan, UPGRADE_PATH, type PlanFeature, type PlanId } from "../../../core/plans";

export function UpgradeNotice({ feature, plan, className = "" }: { feature: PlanFeature; plan: PlanId; className?: string }) {
  const info = FEATURE_INFO[feature];
  const needed = planLabel(requiredPlan(feature));
  return (
    <div
      className={`rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 ${className}`}
      data-testid={`upgrade-${feature}`}
    >
      <p className="font-semibold">{`${info.name} is part of the ${needed} plan`}</p>
      <p className="mt-1">{`${info.name} means ${info.what}. You are on the ${planLabel(plan)} plan. ${info.onStarter}`}</p>
      <a href={UPGRADE_PATH} className="mt-2 inline-block font-medium text-brand-700 underline">
        {`Upgrade to ${needed}`}
      </a>
    </div>
  );
}
