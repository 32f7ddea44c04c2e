import { useCompletion } from "@ai-sdk/react";
import { useEffect, type RefObject } from "react";

/**
 * Writes the feedback again from the scores as they stand now (after a teacher's changes), streaming it into the
 * feedback box word by word; the teacher reads it, edits it if they like, and saves.
 */
export function RewriteFeedbackButton({ submissionId, target }: { submissionId: string; target: RefObject<HTMLTextAreaElement | null> }) {
  const { completion, complete, isLoading, error } = useCompletion({
    api: `/api/submissions/${encodeURIComponent(submissionId)}/feedback`,
    streamProtocol: "text",
  });
  useEffect(() => {
    if (target.current && (isLoading || completion)) target.current.value = completion;
  }, [completion, isLoading, target]);
  return (
    <div className="flex items-center gap-3">
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          The feedback could not be rewritten. Please try again.
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => void complete("")}
        disabled={isLoading}
        className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
      >
        {isLoading ? "Rewriting…" : "Rewrite feedback from the scores"}
      </button>
    </div>
  );
}
