import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { LegalPage, type LegalSection } from "~/components/marketing/legal-page";
import { SiteLayout } from "~/components/marketing/site-layout";
import { SUPPORT_EMAIL } from "~/lib/contact-info";
import { getAuth } from "~/server/auth.server";

export const meta: MetaFunction = () => [
  { title: "Privacy Policy | Gradewell" },
  { name: "description", content: "What Gradewell collects, how it protects teachers' and students' data, and your rights." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { signedIn: (await getAuth(request, context)) !== null };
}

const SECTIONS: readonly LegalSection[] = [
  {
    id: "information-we-collect",
    title: "Information We Collect",
    body: (
      <>
        <p>We collect only what we need to run Gradewell for you:</p>
        <ul>
          <li>
            <strong>Account information:</strong> your name, e-mail address, password (stored only as a one-way hash), school name, state
            and the grade levels you teach, or your Google account's name and e-mail if you sign in with Google.
          </li>
          <li>
            <strong>Educational data:</strong> the classes, students, assignments, answer keys, rubrics and student work you upload, and the
            grades and feedback produced from them.
          </li>
          <li>
            <strong>Usage information:</strong> basic technical records such as sign-in times and the device and browser used, which keep
            your account secure and help us fix problems.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use-information",
    title: "How We Use Information",
    body: (
      <p>
        We use your information to provide the service: reading and grading the work you upload, writing feedback, showing your results and
        exporting grades. We also use it to answer your support requests and to keep Gradewell secure. Student work is used only to grade it
        for you.
      </p>
    ),
  },
  {
    id: "how-we-protect-your-data",
    title: "How We Protect Your Data",
    body: (
      <ul>
        <li>
          <strong>Encryption in transit and at rest:</strong> every connection to Gradewell is encrypted, and stored data and uploaded files
          are encrypted on our storage providers' systems.
        </li>
        <li>
          <strong>Limited access:</strong> your classes and student data are visible only to your account. Our staff access them only when
          you ask for help or when required to keep the service running, and that access is logged.
        </li>
        <li>
          <strong>Pseudonyms for outside AI models:</strong> when a school chooses a hosted AI model, student names are replaced by
          pseudonyms before any text leaves Gradewell.
        </li>
        <li>
          <strong>Page images stay with us unless you choose otherwise:</strong> photos and scans of student work are read inside Gradewell.
          Only if you turn on &ldquo;Let a hosted AI model read page images&rdquo; in Settings may pages we read poorly (such as
          handwriting) be sent to the AI model your school configured; it is off by default.
        </li>
      </ul>
    ),
  },
  {
    id: "no-selling",
    title: "We Never Sell Your Data",
    body: (
      <p>
        Your data and your students' data are never sold, and never shared for marketing or advertising. We share data only with the service
        providers that host Gradewell, under contracts that bind them to the same protections, or when the law requires it.
      </p>
    ),
  },
  {
    id: "student-privacy",
    title: "Student Privacy",
    body: (
      <p>
        Gradewell is built for schools that must comply with the Family Educational Rights and Privacy Act (FERPA). Schools and teachers
        remain in control of student records; we act on their behalf and use student data only to provide the service.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your Rights",
    body: (
      <>
        <p>You can at any time:</p>
        <ul>
          <li>access the personal information we hold about you;</li>
          <li>correct information that is wrong or incomplete;</li>
          <li>ask us to delete your account and all the data in it;</li>
          <li>export your data, including grades and feedback;</li>
          <li>opt out of non-essential communications such as product news.</li>
        </ul>
      </>
    ),
  },
  {
    id: "contact-us",
    title: "Contact Us",
    body: (
      <p>
        Questions about this policy or your data? E-mail{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-700 underline">
          {SUPPORT_EMAIL}
        </a>{" "}
        or use our{" "}
        <Link to="/contact" className="font-medium text-brand-700 underline">
          contact form
        </Link>
        .
      </p>
    ),
  },
];

export default function PrivacyPage() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <SiteLayout signedIn={signedIn}>
      <LegalPage
        title="Privacy Policy"
        intro={
          <p>
            Gradewell helps teachers grade student work. This policy explains what we collect, how we protect it, and the choices you have.
          </p>
        }
        sections={SECTIONS}
      />
    </SiteLayout>
  );
}
