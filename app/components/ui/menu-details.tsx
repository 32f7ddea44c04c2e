// A drop-down menu on <details>: it opens and closes without JavaScript and tells assistive technology whether it
// is open. Once hydrated it behaves like a menu: choosing an item, Escape or a click elsewhere closes it, so the
// next press on its button opens it again instead of closing a menu left open.
import { useEffect, useRef, type ReactNode } from "react";

export function MenuDetails({
  summary,
  summaryClassName,
  children,
}: {
  summary: ReactNode;
  summaryClassName: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = () => {
      details.open = false;
    };
    const onDocumentClick = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!details.open) return;
      // A click on the summary toggles by itself; one on an item (a link or button inside the menu) or outside closes.
      if (details.querySelector("summary")?.contains(target)) return;
      if (!details.contains(target) || (target instanceof Element && target.closest("a, button"))) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        close();
        details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onDocumentClick);
    details.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onDocumentClick);
      details.removeEventListener("keydown", onKey);
    };
  }, []);
  return (
    <details ref={ref} className="relative">
      <summary className={summaryClassName}>{summary}</summary>
      {children}
    </details>
  );
}
