import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { FaqSearch } from "~/components/marketing/faq-search";
import { Icon, type IconName } from "~/components/marketing/icons";
import { PageIntro, SiteLayout } from "~/components/marketing/site-layout";
import { RESPONSE_TIMES, SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE } from "~/lib/contact-info";
import { SUPPORT_FAQ } from "~/lib/support-faq";
import { getAuth } from "~/server/auth.server";

export const meta: MetaFunction = () => [
  { title: "Support | Gradewell" },
  { name: "description", content: "Answers to common questions about Gradewell, and how to reach our support team." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams.get("q")?.slice(0, 100) ?? "";
  return { signedIn: (await getAuth(request, context)) !== null, query };
}

function ChannelCard({ icon, title, text, action }: { icon: IconName; title: string; text: ReactNode; action: ReactNode }) {
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
        <Icon name={icon} className="h-5 w-5" />
      </span>
      <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
      <div className="mt-1 flex-1 text-sm leading-6 text-slate-600">{text}</div>
      <div className="mt-4">{action}</div>
    </li>
  );
}

const actionClass = "inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline";

type Resource = { icon: IconName; title: string; text: string } & ({ to: string; cta: string } | { comingSoon: true });
const RESOURCES: readonly Resource[] = [
  {
    icon: "book",
    title: "Documentation",
    text: "Step-by-step answers about uploading, grading, reviewing and exporting.",
    to: "#faq",
    cta: "Read the help articles",
  },
  { icon: "users", title: "Community Forum", text: "Swap rubrics and tips with other teachers using Gradewell.", comingSoon: true },
  { icon: "video", title: "Video Tutorials", text: "Short walk-throughs of each part of Gradewell.", comingSoon: true },
  {
    icon: "envelope",
    title: "Newsletter",
    text: "New features and grading tips, about once a month.",
    to: "/contact?type=general&subject=Newsletter%20sign-up",
    cta: "Ask to subscribe",
  },
];

export default function SupportPage() {
  const { signedIn, query } = useLoaderData<typeof loader>();
  return (
    <SiteLayout signedIn={signedIn}>
      <PageIntro eyebrow="Support" title="How can we help?">
        <p>Search the answers below, or reach a person: we answer technical questions within 4 hours during support hours.</p>
      </PageIntro>
      <div className="px-4 pb-16 sm:px-6">
        <FaqSearch items={SUPPORT_FAQ} initialQuery={query} />
      </div>

      <section aria-labelledby="channels-title" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="channels-title" className="text-center text-2xl font-bold tracking-tight text-slate-900">
            Still need help?
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            <ChannelCard
              icon="chat"
              title="Chat with us"
              text="Write to our support team now; during support hours we reply by e-mail within 4 hours."
              action={
                <Link
                  to="/contact?type=support&subject=Live%20chat%20request"
                  className="inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                >
                  Live Chat
                </Link>
              }
            />
            <ChannelCard
              icon="envelope"
              title="Email Support"
              text="Send screenshots or example papers and we will look into it."
              action={
                <a href={`mailto:${SUPPORT_EMAIL}`} className={actionClass}>
                  {SUPPORT_EMAIL}
                </a>
              }
            />
            <ChannelCard
              icon="phone"
              title="Phone Support"
              text={
                <ul>
                  {SUPPORT_HOURS.map((h) => (
                    <li key={h.days}>{`${h.days}: ${h.hours}`}</li>
                  ))}
                </ul>
              }
              action={
                <a href={SUPPORT_PHONE.href} className={actionClass}>
                  {SUPPORT_PHONE.display}
                </a>
              }
            />
          </ul>
          <p className="mt-6 text-center text-sm text-slate-600">
            Response times: {RESPONSE_TIMES.map((r) => `${r.label.toLowerCase()} ${r.time.toLowerCase()}`).join(", ")}.
          </p>
        </div>
      </section>

      <section aria-labelledby="resources-title" className="py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="resources-title" className="text-center text-2xl font-bold tracking-tight text-slate-900">
            Resources
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {RESOURCES.map((resource) => (
              <li key={resource.title} className="flex flex-col rounded-2xl border border-slate-200 p-6">
                <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-slate-100 text-slate-700">
                  <Icon name={resource.icon} className="h-5 w-5" />
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{resource.title}</h3>
                <p className="mt-1 flex-1 text-sm leading-6 text-slate-600">{resource.text}</p>
                {"comingSoon" in resource ? (
                  <p className="mt-4 inline-flex w-fit rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-600">
                    Coming soon
                  </p>
                ) : resource.to.startsWith("#") ? (
                  <a href={resource.to} className={`mt-4 ${actionClass}`}>
                    {resource.cta}
                  </a>
                ) : (
                  <Link to={resource.to} className={`mt-4 ${actionClass}`}>
                    {resource.cta}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      </section>
    </SiteLayout>
  );
}
