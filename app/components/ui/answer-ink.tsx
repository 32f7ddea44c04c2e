// The student's own ink beside the text read (issue 32): the crop of the answer the grading worker cut from the
// page. Small, lazy and cached (its route revalidates by ETag); nothing is shown when the question has no crop.
export function AnswerInk({
  src,
  answer,
  size = "md",
}: {
  src: string | null | undefined;
  /** The text read, for the image's alternative text. */
  answer: string | null | undefined;
  size?: "sm" | "md";
}) {
  if (!src) return null;
  return (
    <img
      src={src}
      alt={`The student's handwriting for this answer${answer ? `, read as "${answer}"` : ""}`}
      loading="lazy"
      decoding="async"
      data-testid="answer-ink"
      className={`${size === "sm" ? "max-h-10" : "max-h-16"} w-auto max-w-full rounded border border-slate-200 bg-white object-contain`}
    />
  );
}
