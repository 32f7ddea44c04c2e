import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { Icon } from "~/components/marketing/icons";
import { PageIntro, SiteLayout } from "~/components/marketing/site-layout";
import {
  ANNUAL_SAVING_LABEL,
  annualSaving,
  FREE_TRIAL_DAYS,
  parseBillingPeriod,
  planPrice,
  PLANS,
  PRICING_FAQ,
  type BillingPeriod,
  type Plan,
} from "~/lib/plans";
import { getAuth } from "~/server/auth.server";

export const meta: MetaFunction = () => [
  { title: "Pricing | Gradewell" },
  {
    name: "description",
    content: `Starter, Professional and School plans for Gradewell. ${FREE_TRIAL_DAYS}-day free trial, no credit card required.`,
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { signedIn: (await getAuth(request, context)) !== null };
}

function BillingToggle({ period, onChange }: { period: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  // Without JavaScript the buttons submit ?billing=…; with it they switch in place.
  const option = (value: BillingPeriod, label: string) => (
    <button
      type="submit"
      name="billing"
      value={value}
      aria-pressed={period === value}
      onClick={(event) => {
        event.preventDefault();
        onChange(value);
      }}
      className={`rounded-full px-5 py-2 text-sm font-semibold transition ${
        period === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
      }`}
    >
      {label}
    </button>
  );
  return (
    <Form method="get" preventScrollReset className="flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
      <div role="group" aria-label="Billing period" className="inline-flex rounded-full bg-slate-100 p-1">
        {option("monthly", "Monthly")}
        {option("annual", "Annual")}
      </div>
      <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-800">
        {ANNUAL_SAVING_LABEL} with annual billing
      </span>
    </Form>
  );
}

function PlanCard({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const price = planPrice(plan, period);
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      data-testid={`plan-${plan.id}`}
      className={`relative flex flex-col rounded-3xl bg-white p-8 ${
        plan.popular ? "border-2 border-brand-600 shadow-xl shadow-brand-700/10 lg:-my-4 lg:py-12" : "border border-slate-200 shadow-sm"
      }`}
    >
      {plan.popular ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-4 py-1 text-xs font-semibold tracking-wide text-white uppercase">
          Most Popular
        </p>
      ) : null}
      <h2 id={`plan-${plan.id}`} className="text-xl font-semibold text-slate-900">
        {plan.name}
      </h2>
      <p className="mt-2 text-sm leading-6 text-slate-600">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-5xl font-bold tracking-tight text-slate-900" data-testid="price">
          {`$${price}`}
        </span>
        <span className="text-sm font-medium text-slate-600">/month</span>
      </p>
      <p className="mt-1 h-10 text-sm text-slate-600">
        {period === "annual" ? (
          <>
            {`Billed annually ($${(plan.annualPrice * 12).toLocaleString("en-US")} a year). `}
            <span className="font-semibold text-emerald-700" data-testid="saving">
              {`Save $${annualSaving(plan)} a year`}
            </span>
          </>
        ) : (
          "Billed monthly. Cancel anytime."
        )}
      </p>
      <Link
        to="/register"
        className={`mt-6 rounded-lg px-4 py-2.5 text-center text-sm font-semibold ${
          plan.popular ? "bg-brand-600 text-white shadow-sm hover:bg-brand-700" : "border border-brand-600 text-brand-700 hover:bg-brand-50"
        }`}
      >
        {/* Every plan starts with an account, as the spec says. */}
        Get Started
        <span className="sr-only">{` with ${plan.name}`}</span>
      </Link>
      {plan.id === "starter" ? null : (
        // There is no payment online: a teacher who already has an account upgrades through us (docs/decisions/0011).
        <Link
          to={`/contact?type=sales&subject=${encodeURIComponent(`${plan.name} plan`)}`}
          className="mt-2 text-center text-xs font-medium text-brand-700 hover:underline"
        >
          Upgrade an existing account<span className="sr-only">{` to ${plan.name}`}</span>
        </Link>
      )}
      <ul className="mt-8 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-3 text-slate-700">
            <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
            {feature}
          </li>
        ))}
        {plan.notIncluded.map((feature) => (
          <li key={feature} className="flex items-start gap-3 text-slate-500">
            <Icon name="x" className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />
            <span>
              <span className="sr-only">Not included: </span>
              {feature}
            </span>
          </li>
        ))}
      </ul>
    </article>
  );
}

const REASONS = [
  {
    icon: "clock",
    title: "Time back for teaching",
    text: "Let Gradewell do the first pass on every paper so your evenings go to planning, not marking.",
  },
  {
    icon: "chat",
    title: "Feedback students use",
    text: "Specific comments on what went wrong and how to fix it, for every student, on every assignment.",
  },
  {
    icon: "pencil",
    title: "You stay in control",
    text: "Nothing reaches your gradebook until you have reviewed it, and every score can be changed.",
  },
  {
    icon: "shield",
    title: "Student privacy first",
    text: "Encrypted, never sold, never shared for marketing, and pseudonymised before any outside AI sees it.",
  },
] as const;

export default function PricingPage() {
  const { signedIn } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const [period, setPeriod] = useState<BillingPeriod>(() => parseBillingPeriod(searchParams.get("billing")));

  return (
    <SiteLayout signedIn={signedIn}>
      <PageIntro eyebrow="Pricing" title="Simple pricing for every classroom">
        <p>Start with a {FREE_TRIAL_DAYS}-day free trial. No credit card required.</p>
      </PageIntro>
      <section aria-label="Plans" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        <BillingToggle period={period} onChange={setPeriod} />
        <div className="mt-14 grid gap-8 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} />
          ))}
        </div>
        <p className="mt-8 text-center text-sm text-slate-500">
          Prices in US dollars per teacher account. Plan changes apply immediately and are prorated.
        </p>
      </section>

      <section aria-labelledby="why-title" className="bg-slate-50 py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="why-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            Why teachers choose Gradewell
          </h2>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {REASONS.map((reason) => (
              <li key={reason.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                  <Icon name={reason.icon} className="h-5 w-5" />
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{reason.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{reason.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="pricing-faq-title" className="py-20">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <h2 id="pricing-faq-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            Frequently asked questions
          </h2>
          <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200">
            {PRICING_FAQ.map((item) => (
              <details key={item.question} className="group px-6 py-4">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <Icon name="chevronDown" className="h-5 w-5 shrink-0 text-slate-500 transition group-open:rotate-180" />
                </summary>
                <p className="mt-3 text-sm leading-6 text-slate-600">{item.answer}</p>
              </details>
            ))}
          </div>
          <p className="mt-8 text-center text-sm text-slate-600">
            Another question?{" "}
            <Link to="/contact?type=sales" className="font-semibold text-brand-700 hover:underline">
              Ask our team
            </Link>
          </p>
        </div>
      </section>
    </SiteLayout>
  );
}
