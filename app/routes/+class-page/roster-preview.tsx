// The roster import's preview: each CSV row with its error or 'Ready', and the button that imports the valid rows.
import { Form } from "@remix-run/react";
import { primaryButton } from "~/components/ui/kit";
import { type RosterPreview } from "~/lib/roster-csv";

export function RosterPreviewTable({ preview }: { preview: RosterPreview & { csv: string } }) {
  const valid = preview.rows.filter((r) => r.error === null).length;
  return (
    <div className="mt-6 rounded-lg border border-slate-200 p-4" aria-labelledby="preview-heading">
      <h3 id="preview-heading" className="text-sm font-semibold">
        Import preview
      </h3>
      <p className="mt-1 text-sm text-slate-600">{`${valid} of ${preview.rows.length} rows can be imported.`}</p>
      <div className="mt-3 max-h-72 overflow-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Line
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Name
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Email
              </th>
              <th scope="col" className="py-1 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.rows.map((r) => (
              <tr key={r.line} className={r.error ? "bg-red-50" : undefined}>
                <td className="py-1 pr-3">{r.line}</td>
                <td className="py-1 pr-3">{r.name || "—"}</td>
                <td className="py-1 pr-3">{r.email || "—"}</td>
                <td className="py-1">
                  {r.error ? <span className="text-red-800">{r.error}</span> : <span className="text-emerald-800">Ready</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {valid > 0 ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="csv" value={preview.csv} />
          <button type="submit" name="intent" value="import-csv" className={primaryButton}>
            {`Import ${valid} student${valid === 1 ? "" : "s"}`}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
