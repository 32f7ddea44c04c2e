import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContactForm } from "~/components/marketing/contact-form";
import { Icon } from "~/components/marketing/icons";
import { PageIntro, SiteLayout } from "~/components/marketing/site-layout";
import { parseContactType, RESPONSE_TIMES, SALES_EMAIL, SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE } from "~/lib/contact-info";
import { CONTACT_SUCCESS_MESSAGE, ContactForm as ContactSchema } from "~/schemas/contact";
import { getAuth } from "~/server/auth.server";
import { CONTACT_THROTTLED_MESSAGE, receiveContactMessage } from "~/server/contact.server";
import { getDb } from "../../core/db/client";
import { clientAddress } from "~/server/http.server";

export const meta: MetaFunction = () => [
  { title: "Contact us | Gradewell" },
  { name: "description", content: "Questions, support, sales or partnerships: write to the Gradewell team." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return {
    signedIn: (await getAuth(request, context)) !== null,
    sent: params.get("sent") === "1",
    type: parseContactType(params.get("type")),
    subject: params.get("subject")?.slice(0, 200) ?? "",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ContactSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const outcome = await receiveContactMessage(getDb(context.cloudflare.env.DB), submission.value, clientAddress(request));
  if (outcome.status === "throttled") return data(submission.reply({ formErrors: [CONTACT_THROTTLED_MESSAGE] }), { status: 429 });
  // Post/redirect/get: reloading the thank-you page does not send the message again.
  throw redirect("/contact?sent=1");
}

function Sent() {
  return (
    <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-8 text-center">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <Icon name="check" className="h-6 w-6" />
      </span>
      <p className="mt-4 text-lg font-semibold text-emerald-900">{CONTACT_SUCCESS_MESSAGE}</p>
      <Link to="/contact" className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline">
        Send another message
      </Link>
    </div>
  );
}

export default function ContactPage() {
  const { signedIn, sent, type, subject } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <SiteLayout signedIn={signedIn}>
      <PageIntro eyebrow="Contact" title="Get in touch">
        <p>Questions about Gradewell, help with your account, or a demo for your school: we read every message.</p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-20 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="contact-form-title" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
            Send us a message
          </h2>
          <div className="mt-6">
            {sent ? (
              <Sent />
            ) : (
              <ContactForm key={`${type}:${subject}`} lastResult={lastResult} defaultType={type} defaultSubject={subject} />
            )}
          </div>
        </section>
        <aside className="space-y-6">
          <section aria-labelledby="details-title" className="rounded-3xl bg-slate-50 p-6">
            <h2 id="details-title" className="font-semibold text-slate-900">
              Contact details
            </h2>
            <ul className="mt-4 space-y-3 text-sm">
              <li className="flex items-center gap-3">
                <Icon name="envelope" className="h-5 w-5 text-brand-600" />
                <a href={`mailto:${SUPPORT_EMAIL}`} className="text-slate-700 hover:text-brand-700 hover:underline">
                  {SUPPORT_EMAIL}
                </a>
              </li>
              <li className="flex items-center gap-3">
                <Icon name="envelope" className="h-5 w-5 text-brand-600" />
                <a href={`mailto:${SALES_EMAIL}`} className="text-slate-700 hover:text-brand-700 hover:underline">
                  {SALES_EMAIL}
                </a>
              </li>
              <li className="flex items-center gap-3">
                <Icon name="phone" className="h-5 w-5 text-brand-600" />
                <a href={SUPPORT_PHONE.href} className="text-slate-700 hover:text-brand-700 hover:underline">
                  {SUPPORT_PHONE.display}
                </a>
              </li>
            </ul>
          </section>
          <section aria-labelledby="hours-title" className="rounded-3xl bg-slate-50 p-6">
            <h2 id="hours-title" className="flex items-center gap-2 font-semibold text-slate-900">
              <Icon name="clock" className="h-5 w-5 text-brand-600" />
              Support hours
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              {SUPPORT_HOURS.map((h) => (
                <div key={h.days} className="flex justify-between gap-4">
                  <dt className="text-slate-600">{h.days}</dt>
                  <dd className="font-medium text-slate-900">{h.hours}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="response-title" className="rounded-3xl bg-slate-50 p-6">
            <h2 id="response-title" className="font-semibold text-slate-900">
              Response times
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              {RESPONSE_TIMES.map((r) => (
                <div key={r.label} className="flex justify-between gap-4">
                  <dt className="text-slate-600">{r.label}</dt>
                  <dd className="font-medium text-slate-900">{r.time}</dd>
                </div>
              ))}
            </dl>
          </section>
        </aside>
      </div>
    </SiteLayout>
  );
}
