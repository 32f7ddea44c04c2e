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
            <strong>Account information:</strong> your name, e-mail address, password (stored only as a one-way scrypt hash), school name,
            state and the grade levels you teach, or your Google account's name and e-mail if you sign in with Google.
          </li>
          <li>
            <strong>Educational data:</strong> the classes, students, attendance, assignments, answer keys, rubrics, notes, conference items
            and student work you upload, and the grades, feedback and recognised text produced from them.
          </li>
          <li>
            <strong>Usage information:</strong> your sign-in sessions (when they started and the browser used; we keep only a hash of each
            session's secret), counts of failed sign-ins and password reset requests (to slow down guessing), and an access log of who
            viewed, exported, regraded, changed or deleted which student's work, and when.
          </li>
          <li>
            <strong>Messages:</strong> what you send through the contact form, and the account e-mails we send you.
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
        for you. By default, reading and grading run inside Gradewell; no outside AI service sees student work.
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
          are encrypted at rest on our storage providers' systems. Google access tokens are additionally encrypted by Gradewell.
        </li>
        <li>
          <strong>Limited access:</strong> your classes and student data are visible only to your account: every request is checked against
          the signed-in teacher, and another account's records answer "not found". Gradewell has no staff screens into your data.
        </li>
        <li>
          <strong>Pseudonyms for outside AI models:</strong> when a school chooses a hosted AI model, student names are replaced by
          pseudonyms before any text leaves Gradewell.
        </li>
        <li>
          <strong>Page images stay with us unless you choose otherwise:</strong> photos and scans of student work are read inside Gradewell.
          Only if you turn on &ldquo;Let a hosted AI model read page images&rdquo; in Settings may a handwritten answer we cannot read
          surely be sent to the AI model your school configured: that answer cut out alone, without the name or the rest of the page (whole
          pages we read poorly only if your school configured it so). It is off by default.
        </li>
        <li>
          <strong>Access log:</strong> you can see who viewed, exported, regraded, changed or deleted a student's work on the student's
          profile and in Settings.
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
    id: "how-long-we-keep-data",
    title: "How Long We Keep Data",
    body: (
      <ul>
        <li>Your records and uploaded files stay until you delete them or your account.</li>
        <li>
          In Settings you can have uploaded photos and scans of student work deleted automatically 30, 90, 180 or 365 days after grading
          (off by default). A daily clean-up deletes the files; grades, feedback and the recognised text stay.
        </li>
        <li>Access log entries are kept for one year.</li>
        <li>A sign-in session ends 30 days after its last use, or at once when you sign out, change or reset your password.</li>
        <li>Password reset and e-mail change links work once and expire after 30 minutes; we store only a hash of them.</li>
        <li>
          Deleting a student removes their submissions, grades, files, notes and conference items; the access log keeps only the line saying
          they were deleted. Deleting your account removes every record and file of yours at once.
        </li>
      </ul>
    ),
  },
  {
    id: "your-rights",
    title: "Your Rights",
    body: (
      <>
        <p>You can at any time:</p>
        <ul>
          <li>access the personal information we hold about you: it is all on your pages and in your export;</li>
          <li>
            correct information that is wrong or incomplete: edit your profile, your students and any grade, and change your e-mail in
            Settings;
          </li>
          <li>delete your account and all the data in it (Settings → Delete account), or one student or assignment from its page;</li>
          <li>export your data, including grades and feedback, as one ZIP file (Settings → Export your data);</li>
          <li>
            opt out of non-essential communications: Gradewell sends only account e-mails (password reset, e-mail change, and a notice when
            someone tries to register with your address) and no newsletters or marketing.
          </li>
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
