import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { LegalPage, type LegalSection } from "~/components/marketing/legal-page";
import { SiteLayout } from "~/components/marketing/site-layout";
import { SUPPORT_EMAIL } from "~/lib/contact-info";
import { FREE_TRIAL_DAYS } from "~/lib/plans";
import { getAuth } from "~/server/auth.server";

export const meta: MetaFunction = () => [
  { title: "Terms of Service | Gradewell" },
  {
    name: "description",
    content: "The terms for using Gradewell: acceptance, permitted use, prohibited uses, subscriptions and cancellation.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { signedIn: (await getAuth(request, context)) !== null };
}

const SECTIONS: readonly LegalSection[] = [
  {
    id: "acceptance",
    title: "Acceptance of Terms",
    body: (
      <p>
        By creating an account or using Gradewell you agree to these Terms of Service and to our{" "}
        <Link to="/privacy" className="font-medium text-brand-700 underline">
          Privacy Policy
        </Link>
        . If you use Gradewell on behalf of a school or district, you confirm that you may accept these terms for it.
      </p>
    ),
  },
  {
    id: "permitted-use",
    title: "Permitted Use",
    body: (
      <p>
        Gradewell is for educators. You may use it to upload, read, grade and give feedback on your students' work, to manage your classes,
        and to export the results, for your teaching and within your school's policies. You are responsible for the grades you accept:
        review Gradewell's suggestions before you record them.
      </p>
    ),
  },
  {
    id: "prohibited-uses",
    title: "Prohibited Uses",
    body: (
      <>
        <p>You may not:</p>
        <ul>
          <li>use Gradewell for any unlawful purpose;</li>
          <li>upload copyrighted material without permission from its owner;</li>
          <li>reverse engineer, decompile or try to extract the source code of the service;</li>
          <li>share your sign-in credentials or let others use your account;</li>
          <li>use the service to harass or discriminate against students;</li>
          <li>use the service in a way that violates education regulations, including student-privacy laws.</li>
        </ul>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Your Account",
    body: (
      <p>
        Keep your password secret and tell us at once if you think someone else has used your account. You own the content you upload; you
        give us permission to process it only to provide the service to you.
      </p>
    ),
  },
  {
    id: "subscriptions",
    title: "Subscriptions, Trials and Cancellation",
    body: (
      <ul>
        <li>New accounts start with a {FREE_TRIAL_DAYS}-day free trial; no credit card is needed.</li>
        <li>You can cancel anytime. Your plan stays active until the end of the billing period you have paid for.</li>
        <li>Plan changes take effect immediately and are prorated.</li>
      </ul>
    ),
  },
  {
    id: "ai-results",
    title: "AI Results",
    body: (
      <p>
        Gradewell's reading, grading and feedback are produced automatically and can be wrong, especially for unclear handwriting. Answers
        Gradewell is unsure about are marked for review. Final grades are the teacher's decision.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to These Terms",
    body: <p>If we change these terms we will update the date above and, for significant changes, tell you by e-mail before they apply.</p>,
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about these terms? E-mail{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-700 underline">
          {SUPPORT_EMAIL}
        </a>{" "}
        or{" "}
        <Link to="/contact" className="font-medium text-brand-700 underline">
          contact us
        </Link>
        .
      </p>
    ),
  },
];

export default function TermsPage() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <SiteLayout signedIn={signedIn}>
      <LegalPage
        title="Terms of Service"
        intro={<p>These terms describe how you may use Gradewell, the AI grading assistant for teachers.</p>}
        sections={SECTIONS}
      />
    </SiteLayout>
  );
}
