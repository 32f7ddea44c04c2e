import { useState } from "react";
import { addStandard } from "~/lib/format";

/** Educational Standards Override: add by Enter or the button, remove by a tag's ×; blanks ignored, no duplicates. */
export function StandardsInput({ disabled, hydrated, onAdd }: { disabled?: boolean; hydrated: boolean; onAdd?: () => void }) {
  const [standards, setStandards] = useState<string[]>([]);
  const [draft, setDraft] = useState("");
  const add = () => {
    if (draft.trim()) onAdd?.();
    setStandards((list) => addStandard(list, draft));
    setDraft("");
  };
  return (
    <div>
      <label htmlFor="standard-entry" className="mb-1 block text-sm font-medium text-slate-700">
        Add a standard
      </label>
      <div className="flex gap-2">
        <input
          id="standard-entry"
          name={hydrated ? undefined : "selectedStandards"}
          value={draft}
          disabled={disabled}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
          placeholder="e.g. CCSS.MATH.CONTENT.3.NF.A.1"
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-100"
        />
        <button
          type="button"
          onClick={add}
          disabled={disabled}
          className="shrink-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
        >
          Add Standard
        </button>
      </div>
      {standards.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Selected standards">
          {standards.map((s) => (
            <li
              key={s}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-xs font-medium text-brand-700 ring-1 ring-brand-100"
            >
              {s}
              <input type="hidden" name="selectedStandards" value={s} />
              <button
                type="button"
                onClick={() => setStandards((list) => list.filter((x) => x !== s))}
                className="rounded-full px-1.5 text-brand-700 hover:bg-brand-100"
                aria-label={`Remove ${s}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-xs text-slate-500">No standards added yet.</p>
      )}
    </div>
  );
}
