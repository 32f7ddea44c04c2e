// Grade-by-question's answer groups (issue 32): the students whose answers read the same, their ink stacked, with
// one button to confirm the group's marks and one field to mark the whole group. Flagged and small groups first.
import { Form } from "@remix-run/react";
import { AnswerInk } from "~/components/ui/answer-ink";
import { formatPoints, pointsLabel } from "~/lib/format";
import type { AnswerGroup } from "~/server/answer-groups.server";

/** Crops shown at once in a group; the rest open on demand. */
const SHOWN = 6;

const inputClass =
  "w-20 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none";

function MemberInk({ m }: { m: AnswerGroup["members"][number] }) {
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm" data-testid="group-member">
      <AnswerInk src={m.cropUrl} answer={m.answer} size="sm" />
      <span className="text-slate-700">{m.student}</span>
      {m.needsReview ? <span className="text-xs font-medium text-orange-800">Needs review: {m.reviewReason ?? "please check"}</span> : null}
    </li>
  );
}

export function AnswerGroups({ groups, busy }: { groups: AnswerGroup[]; busy: boolean }) {
  if (!groups.length) return null;
  return (
    <section className="mt-6" aria-labelledby="groups-title">
      <h2 id="groups-title" className="text-lg font-semibold">
        Answer groups
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Students whose answers read the same. Confirm a group&apos;s marks, or give the whole group the same points.
      </p>
      <ul className="mt-3 space-y-3">
        {groups.map((g) => {
          const id = `group-${encodeURIComponent(g.key || "blank")}`;
          const count = `${g.members.length} ${g.members.length === 1 ? "student" : "students"}`;
          return (
            <li key={g.key} className={`rounded-xl border bg-white p-4 shadow-sm ${g.flagged ? "border-orange-300" : "border-slate-200"}`}>
              <section aria-labelledby={`${id}-title`} data-testid="answer-group">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 id={`${id}-title`} className="font-semibold">
                    {g.answer ? <>&ldquo;{g.answer}&rdquo;</> : "(blank)"} <span className="font-normal text-slate-600">· {count}</span>
                    {g.flagged ? <span className="ml-2 text-sm font-medium text-orange-800">{g.flagged} flagged</span> : null}
                  </h3>
                  <p className="text-sm text-slate-600" data-testid="group-marks">
                    {g.points === null ? "Marks differ" : `Marked ${formatPoints(g.points)} of ${pointsLabel(g.possible)}`}
                  </p>
                </div>
                <ul className="mt-2 space-y-1">
                  {g.members.slice(0, SHOWN).map((m) => (
                    <MemberInk key={m.questionId} m={m} />
                  ))}
                </ul>
                {g.members.length > SHOWN ? (
                  <details className="mt-1 text-sm">
                    <summary className="cursor-pointer text-brand-700">Show {g.members.length - SHOWN} more</summary>
                    <ul className="mt-1 space-y-1">
                      {g.members.slice(SHOWN).map((m) => (
                        <MemberInk key={m.questionId} m={m} />
                      ))}
                    </ul>
                  </details>
                ) : null}
                <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
                  {g.points !== null ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="group" />
                      <input type="hidden" name="key" value={g.key} />
                      <button
                        type="submit"
                        name="kind"
                        value="confirm"
                        disabled={busy}
                        className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
                      >
                        {g.members.length === 1 ? "Confirm this mark" : `Confirm these ${g.members.length} marks`}
                      </button>
                    </Form>
                  ) : null}
                  {/* Its own form: Enter in the points field marks the group, it never confirms. */}
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="group" />
                    <input type="hidden" name="key" value={g.key} />
                    <input type="hidden" name="kind" value="mark" />
                    <label htmlFor={`${id}-points`} className="text-sm text-slate-600">
                      Points for the group
                    </label>
                    <input
                      id={`${id}-points`}
                      name="points"
                      type="number"
                      step="any"
                      min={0}
                      max={g.possible}
                      required
                      defaultValue={g.points ?? undefined}
                      className={inputClass}
                    />
                    <button
                      type="submit"
                      disabled={busy}
                      className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
                    >
                      Mark group
                    </button>
                  </Form>
                </div>
              </section>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
