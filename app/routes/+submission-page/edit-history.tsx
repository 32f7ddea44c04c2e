// The submission's edit history, one line per change in the teacher's words.
type Edit = {
  id: string;
  editedAt: string;
  editor: string | null;
  field: string;
  questionNumber: string | null;
  oldValue: string | null;
  newValue: string | null;
};

export function EditHistory({ edits }: { edits: Edit[] }) {
  return (
    <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="history-title">
      <h2 id="history-title" className="text-base font-semibold">
        Edit history
      </h2>
      {edits.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No changes yet: this is the grader&apos;s work as it came out.</p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm" data-testid="edit-history">
          {edits.map((e) => (
            <li key={e.id} className="flex flex-wrap gap-x-2 text-slate-700">
              <time dateTime={e.editedAt} className="text-slate-500">
                {new Date(e.editedAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}
              </time>
              <span>
                {e.editor ?? "A teacher"} {describeEdit(e)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function describeEdit(e: { field: string; questionNumber: string | null; oldValue: string | null; newValue: string | null }) {
  const where = e.questionNumber ? ` on question ${e.questionNumber}` : "";
  switch (e.field) {
    case "score":
      return `changed the score from ${e.oldValue ?? "none"} to ${e.newValue}`;
    case "points":
      return `changed the points${where} from ${e.oldValue ?? "none"} to ${e.newValue}`;
    case "feedback":
      return `edited the feedback${where}`;
    case "recognized_text":
      return "corrected the recognised text and regraded";
    case "group": {
      const [verb, points] = (e.newValue ?? "").split(" ");
      const answer = e.oldValue ? `"${e.oldValue}"` : "nothing";
      return verb === "marked"
        ? `marked question ${e.questionNumber} ${points} for everyone who answered ${answer}`
        : `confirmed the mark on question ${e.questionNumber} for everyone who answered ${answer}`;
    }
    case "approval":
      return e.newValue ? "approved the grade" : "withdrew the approval";
    default:
      return `changed ${e.field}`;
  }
}
