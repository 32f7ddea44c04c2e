import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { getDb } from "../../core/db/client";
import { devMailEnabled, latestOutboxMail } from "~/server/mail.server";

export const meta: MetaFunction = () => [{ title: "Local outbox | Gradewell" }, { name: "robots", content: "noindex" }];

/** The local outbox, for developers. Absent unless `wrangler dev` runs with DEV_MAIL=on (docs/decisions/0011). */
export async function loader({ context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  if (!devMailEnabled(env)) throw redirect("/"); // like any path that is not a page of Gradewell
  const mails = await latestOutboxMail(getDb(env.DB));
  return { mails: mails.map((m) => ({ id: m.id, to: m.toAddress, subject: m.subject, text: m.text, at: m.createdAt.toISOString() })) };
}

function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="text-brand-700 underline">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export default function DevMailPage() {
  const { mails } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight">Local outbox</h1>
      <p className="mt-1 text-sm text-slate-600">
        Mail Gradewell would have sent, newest first. This page exists only in local development.
      </p>
      {mails.length === 0 ? <p className="mt-6 text-slate-600">No mail yet.</p> : null}
      <ol className="mt-6 space-y-4">
        {mails.map((mail) => (
          <li key={mail.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="mail">
            <h2 className="font-semibold">{mail.subject}</h2>
            <p className="text-sm text-slate-600">
              To <span data-testid="mail-to">{mail.to}</span> · <time dateTime={mail.at}>{mail.at}</time>
            </p>
            <pre className="mt-3 text-sm whitespace-pre-wrap">
              <Linkified text={mail.text} />
            </pre>
          </li>
        ))}
      </ol>
    </main>
  );
}
