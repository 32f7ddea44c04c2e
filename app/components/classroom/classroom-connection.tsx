import { Form, Link } from "@remix-run/react";
import { UpgradeNotice } from "~/components/ui/upgrade-notice";
import type { PlanId } from "../../../core/plans";

export type ClassroomConnectionState = { allowed: boolean; configured: boolean; connected: boolean; missingScopes: boolean };

const button = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50";
const primary = "rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700";

/** Connect or disconnect Google Classroom (Settings and the /classroom page), or the upgrade message on Starter. */
export function ClassroomConnection({
  state,
  plan,
  redirectTo = "/classroom",
}: {
  state: ClassroomConnectionState;
  plan: PlanId;
  redirectTo?: string;
}) {
  if (!state.allowed) return <UpgradeNotice feature="google_classroom" plan={plan} />;
  if (!state.configured) return <p className="text-sm text-slate-600">Google Classroom is not set up on this server.</p>;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        {state.connected
          ? "Connected: import courses, rosters and turned-in work, and send grades back."
          : state.missingScopes
            ? "Gradewell was not given every Classroom permission it asks for. Connect again and allow them all."
            : "Not connected. Gradewell asks Google for access to your courses, rosters and coursework only when you connect."}
      </p>
      <div className="flex gap-2">
        {state.connected ? (
          <>
            {redirectTo !== "/classroom" ? (
              <Link to="/classroom" className={primary}>
                Import from Google Classroom
              </Link>
            ) : null}
            <Form method="post" action="/classroom">
              <input type="hidden" name="intent" value="disconnect" />
              <button type="submit" className={button}>
                Disconnect Google Classroom
              </button>
            </Form>
          </>
        ) : (
          <Link to={`/auth/google?intent=classroom&redirectTo=${encodeURIComponent(redirectTo)}`} className={primary} reloadDocument>
            Connect Google Classroom
          </Link>
        )}
      </div>
    </div>
  );
}

/** The add-assignment page's way to Classroom: work turned in there comes in already linked to each student. */
export function ClassroomImportLink() {
  return (
    <p className="mt-2 text-sm text-slate-600">
      Students turned their work in on Google Classroom?{" "}
      <Link to="/classroom" className="font-medium text-brand-700 underline">
        Import it from Google Classroom
      </Link>
    </p>
  );
}
