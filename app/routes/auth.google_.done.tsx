// Not nested under auth.google.tsx (the trailing underscore): that route's loader starts a new trip to Google.
import type { MetaFunction } from "@remix-run/react";
import { useSearchParams } from "@remix-run/react";
import { useEffect } from "react";

export const meta: MetaFunction = () => [{ title: "Google Drive | Gradewell" }];

/** The end of the Drive popup (500x600): tells the page that opened it, then closes. */
export default function DriveDone() {
  const [params] = useSearchParams();
  const connected = params.get("drive") === "connected";
  useEffect(() => {
    window.opener?.postMessage({ type: "gradewell:drive", connected }, window.location.origin);
    if (window.opener) window.setTimeout(() => window.close(), 300);
  }, [connected]);
  return (
    <main className="mx-auto max-w-sm p-8 text-center">
      <h1 className="text-lg font-semibold text-slate-900">{connected ? "Google Drive connected" : "Failed to connect to Google Drive"}</h1>
      <p className="mt-2 text-sm text-slate-600">You can close this window.</p>
    </main>
  );
}
