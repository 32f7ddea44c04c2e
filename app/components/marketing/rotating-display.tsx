// The hero's rotating display (spec: 3 items, every 4 seconds). It stops for people who prefer reduced motion,
// pauses while hovered or focused, and has a pause button and item buttons (WCAG 2.2.2).
import { useEffect, useState } from "react";
import { Icon } from "./icons";

export const ROTATION_INTERVAL_MS = 4000;

export type ExampleFeedback = {
  assignment: string;
  student: string;
  score: string;
  feedback: string;
  checks: readonly { label: string; ok: boolean }[];
};

export const EXAMPLES: readonly ExampleFeedback[] = [
  {
    assignment: "Fractions Quiz · Grade 5",
    student: "Student A",
    score: "9 / 10",
    feedback: "Great work adding fractions with unlike denominators. In question 7, simplify 6/8 to 3/4 to get the full point.",
    checks: [
      { label: "Q1-Q6 correct", ok: true },
      { label: "Q7 not simplified: half credit", ok: false },
    ],
  },
  {
    assignment: "Persuasive Essay · Grade 8",
    student: "Student B",
    score: "14 / 16",
    feedback: "Your thesis is clear and each paragraph supports it. Add a counter-argument before your conclusion to reach 'Exceeds'.",
    checks: [
      { label: "Thesis and structure: 4 / 4", ok: true },
      { label: "Counter-argument: 2 / 4", ok: false },
    ],
  },
  {
    assignment: "Plant Cells Lab · Grade 7",
    student: "Student C",
    score: "18 / 20",
    feedback: "Accurate diagram and careful observations. Your conclusion should say how the chloroplasts relate to photosynthesis.",
    checks: [
      { label: "Diagram labels correct", ok: true },
      { label: "Conclusion incomplete", ok: false },
    ],
  },
];

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

export function RotatingDisplay() {
  const [index, setIndex] = useState(0);
  // "auto" rotates unless the visitor prefers reduced motion; the button chooses explicitly.
  const [mode, setMode] = useState<"auto" | "paused" | "playing">("auto");
  const [held, setHeld] = useState(false); // hovered or focused
  const reducedMotion = usePrefersReducedMotion();
  const running = mode === "playing" || (mode === "auto" && !reducedMotion);
  const rotating = running && !held;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % EXAMPLES.length), ROTATION_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating]);

  const example = EXAMPLES[index]!;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Example feedback"
      className="relative rounded-2xl border border-slate-200 bg-white p-5 shadow-xl shadow-brand-700/10 sm:p-6"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
      data-testid="rotating-display"
      data-rotating={rotating ? "true" : "false"}
    >
      <div className="flex items-center justify-between gap-3">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700">
          <Icon name="sparkles" className="h-4 w-4" />
          Example feedback
        </p>
        <button
          type="button"
          onClick={() => setMode(running ? "paused" : "playing")}
          className="inline-flex h-8 w-8 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <Icon name={running ? "pause" : "play"} className="h-4 w-4" />
          <span className="sr-only">{running ? "Pause examples" : "Play examples"}</span>
        </button>
      </div>
      <div
        role="group"
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${EXAMPLES.length}`}
        aria-live={rotating ? "off" : "polite"}
        className="mt-4 min-h-[15.5rem] sm:min-h-[14rem]"
        data-testid="rotating-item"
      >
        <div key={index} className="transition-transform duration-300 ease-out starting:translate-y-2 motion-reduce:transition-none">
          <div className="flex items-start justify-between gap-4">
            <div>
              <p className="text-sm font-semibold text-slate-900">{example.assignment}</p>
              <p className="text-xs text-slate-500">{example.student}</p>
            </div>
            <p className="shrink-0 rounded-lg bg-emerald-50 px-2.5 py-1 text-sm font-bold text-emerald-700">{example.score}</p>
          </div>
          <ul className="mt-4 space-y-2">
            {example.checks.map((check) => (
              <li key={check.label} className="flex items-center gap-2 text-sm text-slate-700">
                <span
                  className={`flex h-5 w-5 shrink-0 items-center justify-center rounded-full ${check.ok ? "bg-emerald-100 text-emerald-700" : "bg-amber-100 text-amber-800"}`}
                >
                  <Icon name={check.ok ? "check" : "pencil"} className="h-3.5 w-3.5" />
                </span>
                {check.label}
              </li>
            ))}
          </ul>
          <blockquote className="mt-4 rounded-xl bg-slate-50 p-4 text-sm leading-6 text-slate-700">{example.feedback}</blockquote>
        </div>
      </div>
      <div className="mt-4 flex items-center justify-center gap-2">
        {EXAMPLES.map((item, i) => (
          <button
            key={item.assignment}
            type="button"
            onClick={() => setIndex(i)}
            aria-current={i === index ? "true" : undefined}
            className="group flex h-6 w-6 items-center justify-center"
          >
            <span
              className={`block h-2 rounded-full transition-all ${i === index ? "w-6 bg-brand-600" : "w-2 bg-slate-300 group-hover:bg-slate-400"}`}
            />
            <span className="sr-only">Show example {i + 1}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
