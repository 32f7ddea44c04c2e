// The student page's Notes tab: add a private note, and edit or delete the ones kept.
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { card, formatDate, primaryButton, smallButton, textareaClass } from "~/components/ui/kit";
import { FieldError } from "~/components/ui/field";
import { NoteForm } from "~/schemas/classes";
import { type StudentPageResult as Result } from "./result";

export type Note = { id: string; body: string; createdAt: string; updatedAt: string };

export function NotesPanel({ notes, showAll, base, result }: { notes: Note[]; showAll: boolean; base: string; result?: Result }) {
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-note";
  const [form, fields] = useForm({
    id: "add-note",
    lastResult: result?.intent === "add-note" ? result.note : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NoteForm }),
    shouldValidate: "onSubmit",
  });
  const shown = showAll ? notes : notes.slice(0, 5);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Form method="post" {...getFormProps(form)} className={`${card} space-y-3 p-6`}>
        <h2 className="text-lg font-semibold">Add Note</h2>
        <label htmlFor={fields.body.id} className="block text-sm font-medium text-slate-700">
          Note
        </label>
        <textarea rows={5} className={textareaClass} placeholder="What did you notice today?" {...getTextareaProps(fields.body)} />
        <FieldError id={fields.body.errorId} errors={fields.body.errors} />
        <button type="submit" name="intent" value="add-note" className={`${primaryButton} w-full`} disabled={adding}>
          {adding ? "Saving..." : "Add Note"}
        </button>
      </Form>
      <section className={`${card} p-6 lg:col-span-2`} aria-labelledby="notes-heading">
        <div className="flex items-center justify-between gap-3">
          <h2 id="notes-heading" className="text-lg font-semibold">{`Notes (${notes.length})`}</h2>
          {notes.length > 5 && !showAll ? (
            <Link to={`${base}?tab=notes&all=1`} className={smallButton}>
              View All Notes
            </Link>
          ) : null}
        </div>
        {notes.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No notes yet. Notes are private to you.</p>
        ) : (
          <ul className="mt-3 space-y-3" aria-label="Notes">
            {shown.map((note) => (
              <li key={note.id} className="rounded-lg border border-slate-200 p-4" data-testid="note">
                <p className="whitespace-pre-wrap text-sm text-slate-900">{note.body}</p>
                <p className="mt-2 text-xs text-slate-500">
                  {formatDate(note.createdAt)}
                  {note.updatedAt !== note.createdAt ? ` · edited ${formatDate(note.updatedAt)}` : ""}
                </p>
                <div className="mt-2 flex flex-wrap items-start gap-2">
                  <details className="flex-1">
                    <summary className="cursor-pointer text-xs font-medium text-brand-700">Edit</summary>
                    <Form method="post" className="mt-2 space-y-2">
                      <input type="hidden" name="noteId" value={note.id} />
                      <label htmlFor={`edit-${note.id}`} className="sr-only">
                        Edit note
                      </label>
                      <textarea id={`edit-${note.id}`} name="body" rows={3} defaultValue={note.body} className={textareaClass} required />
                      <button type="submit" name="intent" value="edit-note" className={smallButton}>
                        Save note
                      </button>
                    </Form>
                  </details>
                  <Form method="post">
                    <input type="hidden" name="noteId" value={note.id} />
                    <button type="submit" name="intent" value="delete-note" className={smallButton}>
                      Delete
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
