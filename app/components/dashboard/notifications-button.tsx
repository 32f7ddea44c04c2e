// The dashboard's notifications button: a disclosure with the stored notifications; each can be marked read.
import { Form, Link } from "@remix-run/react";

export interface NotificationItem {
  id: string;
  kind: string;
  title: string;
  body: string;
  href: string | null;
  read: boolean;
  createdAt: string;
}

export function NotificationsButton({ unread, items }: { unread: number; items: NotificationItem[] }) {
  return (
    <details className="relative">
      <summary
        aria-label={unread ? `Notifications, ${unread} unread` : "Notifications"}
        className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        <span>Notifications</span>
        {unread ? (
          <span data-testid="unread-count" className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
            {unread}
          </span>
        ) : null}
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
        <div className="flex items-center justify-between px-2 py-1">
          <h2 className="text-sm font-semibold">Notifications</h2>
          {unread ? (
            <Form method="post">
              <input type="hidden" name="intent" value="read-all" />
              <button type="submit" className="text-xs font-medium text-brand-700 hover:underline">
                Mark all read
              </button>
            </Form>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className="px-2 py-3 text-sm text-slate-600">Nothing new. Grading results and reminders appear here.</p>
        ) : (
          <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
            {items.map((n) => (
              <li key={n.id} className={`flex gap-2 px-2 py-2 text-sm ${n.read ? "text-slate-500" : ""}`}>
                <div className="min-w-0 flex-1">
                  {n.href ? (
                    <Link to={n.href} className="font-medium text-slate-900 hover:underline">
                      {n.title}
                    </Link>
                  ) : (
                    <p className="font-medium">{n.title}</p>
                  )}
                  <p className="text-xs text-slate-600">{n.body}</p>
                </div>
                {n.read ? (
                  <span className="text-xs">Read</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="read" />
                    <input type="hidden" name="id" value={n.id} />
                    <button type="submit" className="whitespace-nowrap text-xs font-medium text-brand-700 hover:underline">
                      Mark read<span className="sr-only">: {n.title}</span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
