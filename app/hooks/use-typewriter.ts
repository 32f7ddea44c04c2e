import { useEffect, useState } from "react";

/**
 * Reveals streamed text over a few frames when it arrives faster than a person reads (the local feedback writer
 * streams its tokens in a burst). The text is the model's own; only its pace on screen is smoothed. Off for people
 * who prefer reduced motion and for text that was already there when the page opened.
 */
export function useTypewriter(text: string, enabled: boolean): string {
  const [shown, setShown] = useState(enabled ? 0 : text.length);
  const reduced = typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  const active = enabled && !reduced;
  useEffect(() => {
    if (!active) return;
    if (shown > text.length) setShown(text.length); // the text was reset (a retried submission)
    if (shown >= text.length) return;
    const frame = requestAnimationFrame(() => setShown((n) => Math.min(text.length, n + Math.max(3, Math.ceil((text.length - n) / 24)))));
    return () => cancelAnimationFrame(frame);
  }, [active, text, shown]);
  return active ? text.slice(0, shown) : text;
}
