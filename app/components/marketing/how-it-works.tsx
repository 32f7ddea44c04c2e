// 'How Gradewell Works': three selectable steps, as ARIA tabs (arrow keys move between them).
import { useRef, useState, type KeyboardEvent } from "react";
import { Icon, type IconName } from "./icons";

type Step = { id: string; title: string; icon: IconName; summary: string; points: readonly string[] };

export const STEPS: readonly Step[] = [
  {
    id: "upload",
    title: "Smart Upload",
    icon: "upload",
    summary: "Snap a photo of each paper with your phone, or upload scans, PDFs and Word files, one at a time or a whole class set.",
    points: [
      "PDF, JPG, PNG, HEIC, DOC and DOCX",
      "Photos straightened and cleaned up before reading",
      "Answer key and rubric uploaded once per assignment",
    ],
  },
  {
    id: "grade",
    title: "Instant Grading",
    icon: "bolt",
    summary: "Gradewell reads each paper, matches every answer to your key or rubric, and writes specific feedback while you watch.",
    points: [
      "Equivalent answers accepted: 3/4, 0.75 and 75%",
      "Partial credit where you allow it",
      "Unclear answers marked for your review, never guessed",
    ],
  },
  {
    id: "export",
    title: "Seamless Export",
    icon: "download",
    summary: "Review the results, change any score or comment, and export the grades you accept to your gradebook.",
    points: ["Every grade and comment editable", "Class summary and most-missed questions", "Spreadsheet export for your gradebook"],
  },
];

export function HowItWorks() {
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let next: number | null = null;
    if (event.key in moves) next = (selected + moves[event.key]! + STEPS.length) % STEPS.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = STEPS.length - 1;
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    tabs.current[next]?.focus();
  }

  const step = STEPS[selected]!;
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="how-it-works-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            How Gradewell Works
          </h2>
          <p className="mt-4 text-lg text-slate-600">From a stack of papers to grades in your gradebook, in three steps.</p>
        </div>
        <div className="mt-12 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start">
          <div role="tablist" aria-label="Steps" aria-orientation="vertical" className="flex flex-col gap-3">
            {STEPS.map((s, i) => {
              const active = i === selected;
              return (
                <button
                  key={s.id}
                  ref={(el) => {
                    tabs.current[i] = el;
                  }}
                  id={`step-tab-${s.id}`}
                  type="button"
                  role="tab"
                  aria-selected={active}
                  aria-controls={`step-panel-${s.id}`}
                  tabIndex={active ? 0 : -1}
                  onClick={() => setSelected(i)}
                  onKeyDown={onKeyDown}
                  className={`flex items-start gap-4 rounded-2xl border p-5 text-left transition ${
                    active
                      ? "border-brand-500 bg-white shadow-md ring-1 ring-brand-500"
                      : "border-slate-200 bg-white/60 hover:border-slate-300 hover:bg-white"
                  }`}
                >
                  <span
                    className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-xl ${active ? "bg-brand-600 text-white" : "bg-brand-50 text-brand-600"}`}
                  >
                    <Icon name={s.icon} className="h-5 w-5" />
                  </span>
                  <span>
                    <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase">Step {i + 1}</span>
                    <span className="mt-0.5 block text-lg font-semibold text-slate-900">{s.title}</span>
                  </span>
                </button>
              );
            })}
          </div>
          <div
            id={`step-panel-${step.id}`}
            role="tabpanel"
            aria-labelledby={`step-tab-${step.id}`}
            tabIndex={0}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <h3 className="text-2xl font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-3 text-base leading-7 text-slate-600">{step.summary}</p>
            <ul className="mt-6 space-y-3">
              {step.points.map((point) => (
                <li key={point} className="flex items-start gap-3 text-slate-700">
                  <span className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
                    <Icon name="check" className="h-3.5 w-3.5" />
                  </span>
                  {point}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
