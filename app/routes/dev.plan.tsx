import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { requireTeacher } from "~/server/auth.server";
import { devMailEnabled } from "~/server/mail.server";
import { getDb } from "../../core/db/client";
import { teachers } from "../../core/db/schema";
import { PLAN_IDS } from "../../core/constants";

export const meta: MetaFunction = () => [{ title: "Local plan | Gradewell" }, { name: "robots", content: "noindex" }];

/**
 * Local development only, like /dev/mail (DEV_MAIL=on under `wrangler dev`): puts the signed-in teacher on a plan,
 * so that Professional features can be tried and tested without editing the database. There is no payment in
 * Gradewell; a deployed server has no such page (docs/decisions/0017).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!devMailEnabled(context.cloudflare.env)) throw redirect("/");
  const { teacher } = await requireTeacher(request, context);
  return { plan: teacher.plan };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  if (!devMailEnabled(env)) throw redirect("/");
  const { teacher } = await requireTeacher(request, context);
  const plan = String((await request.formData()).get("plan") ?? "");
  if (!(PLAN_IDS as readonly string[]).includes(plan)) return data({ error: "Choose starter, professional or school." }, { status: 400 });
  await getDb(env.DB)
    .update(teachers)
    .set({ plan: plan as (typeof PLAN_IDS)[number] })
    .where(eq(teachers.id, teacher.id));
  throw redirect("/dev/plan");
}

export default function DevPlanPage() {
  const { plan } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight">Local plan</h1>
      <p className="mt-1 text-sm text-slate-600">This page exists only in local development.</p>
      <p className="mt-4 text-sm" data-testid="current-plan">
        Current plan: {plan}
      </p>
      <Form method="post" className="mt-4 flex gap-2">
        {PLAN_IDS.map((id) => (
          <button key={id} name="plan" value={id} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm">
            {id}
          </button>
        ))}
      </Form>
    </main>
  );
}
