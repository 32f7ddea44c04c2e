// The landing page's sections (spec section 2). Figures the product cannot back yet are phrased as goals,
// and the results card says plainly that its numbers are an example.
import { Link } from "@remix-run/react";
import { FREE_TRIAL_DAYS } from "~/lib/plans";
import { DemoButton } from "./demo-dialog";
import { Icon, type IconName } from "./icons";
import { RotatingDisplay } from "./rotating-display";

const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-6 py-3 text-base font-semibold text-slate-800 hover:bg-slate-50";

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-2 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-700">
            <Icon name="sparkles" className="h-4 w-4" />
            AI grading assistant for teachers
          </p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            Grade a stack of papers before your coffee cools
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600">
            Photograph or upload your students' work. Gradewell reads it, grades it against your answer key or rubric, and writes feedback
            you review, adjust and export.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className={primaryButton}>
              Start Free Trial
            </Link>
            <DemoButton className={secondaryButton}>
              <Icon name="play" className="h-5 w-5 text-brand-600" />
              Watch Demo
            </DemoButton>
          </div>
          <p className="mt-4 text-sm text-slate-500">{FREE_TRIAL_DAYS}-day free trial · No credit card required</p>
        </div>
        <RotatingDisplay />
      </div>
    </section>
  );
}

const GOALS = [
  { figure: "10+ hours", label: "given back to you each week: the goal we build toward" },
  { figure: "30 papers", label: "graded in under 5 minutes: our target for a class set" },
  { figure: "99%", label: "reading accuracy we aim for on clearly typed work" },
  { figure: "FERPA", label: "designed to help your school meet student-privacy law" },
];

export function StatsStrip() {
  return (
    <section aria-labelledby="goals-title" className="border-y border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h2 id="goals-title" className="sr-only">
          What we are building toward
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-8 lg:grid-cols-4">
          {GOALS.map((goal) => (
            <div key={goal.figure} className="text-center lg:text-left">
              <dt className="text-3xl font-bold tracking-tight text-brand-700">{goal.figure}</dt>
              <dd className="mt-1 text-sm leading-6 text-slate-600">{goal.label}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-center text-xs text-slate-500 lg:text-left">Goals we design and test against, not measured results.</p>
      </div>
    </section>
  );
}

const SAMPLE_DISTRIBUTION = [
  { grade: "A", count: 9 },
  { grade: "B", count: 11 },
  { grade: "C", count: 5 },
  { grade: "D", count: 2 },
  { grade: "F", count: 1 },
];

export function ResultsCard() {
  const max = Math.max(...SAMPLE_DISTRIBUTION.map((d) => d.count));
  return (
    <section aria-labelledby="results-title" className="py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 id="results-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            See the whole class at a glance
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            When a set is graded, Gradewell sums it up: the class average, how grades spread, which questions most students missed, and
            which papers it wants you to look at yourself.
          </p>
          <ul className="mt-6 space-y-3 text-slate-700">
            {[
              "Most-missed questions to reteach tomorrow",
              "Papers it was unsure about, flagged for you",
              "Every score one click from an override",
            ].map((item) => (
              <li key={item} className="flex items-start gap-3">
                <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <figure className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5">
          <div className="flex items-start justify-between gap-4">
            <div>
              <p className="text-sm font-semibold text-slate-900">Unit 4 Fractions Quiz</p>
              <p className="text-xs text-slate-500">Period 3 · 28 papers</p>
            </div>
            <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600">Sample figures</span>
          </div>
          <dl className="mt-6 grid grid-cols-3 gap-3 text-center">
            <div className="rounded-xl bg-brand-50 p-3">
              <dt className="text-xs text-slate-600">Average</dt>
              <dd className="mt-1 text-2xl font-bold text-brand-700">84%</dd>
            </div>
            <div className="rounded-xl bg-emerald-50 p-3">
              <dt className="text-xs text-slate-600">Graded</dt>
              <dd className="mt-1 text-2xl font-bold text-emerald-700">28</dd>
            </div>
            <div className="rounded-xl bg-amber-50 p-3">
              <dt className="text-xs text-slate-600">To review</dt>
              <dd className="mt-1 text-2xl font-bold text-amber-800">3</dd>
            </div>
          </dl>
          <div className="mt-6">
            <p className="text-xs font-medium text-slate-600">Grade distribution</p>
            <ul className="mt-2 space-y-1.5">
              {SAMPLE_DISTRIBUTION.map((d) => (
                <li key={d.grade} className="flex items-center gap-3 text-sm">
                  <span className="w-4 font-semibold text-slate-700">{d.grade}</span>
                  <span className="h-2.5 flex-1 rounded-full bg-slate-100">
                    <span className="block h-2.5 rounded-full bg-brand-500" style={{ width: `${(d.count / max) * 100}%` }} />
                  </span>
                  <span className="w-20 text-right whitespace-nowrap text-slate-600">{d.count} papers</span>
                </li>
              ))}
            </ul>
          </div>
          <figcaption className="mt-6 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
            <span className="font-semibold">Most missed:</span> question 7, simplifying fractions (12 of 28).
          </figcaption>
        </figure>
      </div>
    </section>
  );
}

const CAPABILITIES: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: "eye",
    title: "Text recognition",
    text: "Reads typed and printed work from photos, scans, PDFs and Word files, and tells you how sure it is.",
  },
  {
    icon: "check",
    title: "Answer-key grading",
    text: "Matches each answer to the right question and accepts equivalent forms: fractions, decimals, percentages, units.",
  },
  {
    icon: "document",
    title: "Rubric scoring",
    text: "Scores the rubric criteria it can check and explains each score in words a student understands.",
  },
  { icon: "chat", title: "Feedback that teaches", text: "Specific, encouraging comments for every student, streamed in while you watch." },
  {
    icon: "pencil",
    title: "You have the final say",
    text: "Low-confidence answers are marked for review, and every grade and comment can be changed.",
  },
  {
    icon: "lock",
    title: "Private by design",
    text: "Student names are replaced with pseudonyms before any text reaches an outside AI model.",
  },
];

export function AiGrid() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 bg-slate-900 py-20 text-white sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Powered by Advanced AI
          </h2>
          <p className="mt-4 text-lg text-slate-300">Careful about what it knows, honest about what it does not.</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {CAPABILITIES.map((c) => (
            <li key={c.title} className="rounded-2xl border border-white/10 bg-white/5 p-6">
              <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-500/20 text-brand-100">
                <Icon name={c.icon} className="h-5 w-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{c.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-300">{c.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <div className="rounded-3xl bg-gradient-to-br from-brand-600 to-brand-700 px-6 py-14 text-center shadow-xl sm:px-12">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Ready to get your evenings back?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-brand-50">
            Try Gradewell free for {FREE_TRIAL_DAYS} days with your own papers, or talk to us about your school.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to="/register"
              className="rounded-lg bg-white px-6 py-3 text-base font-semibold text-brand-700 shadow-sm hover:bg-brand-50"
            >
              Start Free Trial
            </Link>
            <Link
              to="/contact?type=sales&subject=Demo%20request"
              className="rounded-lg border border-white/60 px-6 py-3 text-base font-semibold text-white hover:bg-white/10"
            >
              Schedule Demo
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
