import { Form, Link } from "@remix-run/react";

export type GoogleAccountState = {
  configured: boolean;
  linked: boolean;
  hasPassword: boolean;
  driveConnected: boolean;
  notice: string | null;
};

const button = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50";

/** Settings → Google: sign-in link and Drive connection, each with its way back out. */
export function GoogleAccountPanel({ state }: { state: GoogleAccountState }) {
  return (
    <section aria-labelledby="google-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="google-heading" className="text-lg font-semibold text-slate-900">
        Google
      </h2>
      {state.notice ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          {state.notice}
        </p>
      ) : null}
      {!state.configured ? (
        <p className="mt-2 text-sm text-slate-600">Google sign-in and Google Drive are not set up on this server.</p>
      ) : (
        <div className="mt-4 space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="text-sm font-medium text-slate-900">Sign in with Google</p>
              <p className="text-sm text-slate-600">{state.linked ? "Your Google account is linked." : "Not linked."}</p>
            </div>
            {state.linked ? (
              <Form method="post" action="/settings/google">
                <input type="hidden" name="intent" value="unlink" />
                <button
                  type="submit"
                  className={button}
                  disabled={!state.hasPassword}
                  title={state.hasPassword ? undefined : "Set a password first"}
                >
                  Unlink Google
                </button>
              </Form>
            ) : (
              <Link to="/auth/google?intent=link" className={button} reloadDocument>
                Link Google account
              </Link>
            )}
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="text-sm font-medium text-slate-900">Google Drive</p>
              <p className="text-sm text-slate-600">
                {state.driveConnected ? "Connected: pick students' work from Drive and save graded reports to it." : "Not connected."}
              </p>
            </div>
            {state.driveConnected ? (
              <Form method="post" action="/settings/google">
                <input type="hidden" name="intent" value="disconnect-drive" />
                <button type="submit" className={button}>
                  Disconnect Google Drive
                </button>
              </Form>
            ) : (
              <Link to="/auth/google?intent=drive&redirectTo=%2Fsettings" className={button} reloadDocument>
                Connect Google Drive
              </Link>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
