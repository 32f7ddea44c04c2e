import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireTeacher } from "~/server/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  return { teacher: { name: teacher.name, email: teacher.email } };
}

const NAV = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/classes", label: "Classes" },
  { to: "/assignments", label: "Assignments" },
  { to: "/students", label: "Students" },
  { to: "/analytics", label: "Analytics" },
  { to: "/review", label: "Review" },
  { to: "/settings", label: "Settings" },
];

export default function AppShell() {
  const { teacher } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-full">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <NavLink to="/dashboard" className="flex items-center gap-2 font-semibold text-brand-700">
            <img src="/favicon.svg" alt="" className="h-7 w-7" />
            Gradewell
          </NavLink>
          <nav aria-label="Main" className="hidden gap-1 lg:flex">
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={({ isActive }) =>
                  `rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"}`
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="hidden text-slate-600 sm:inline" title={teacher.email}>
              {teacher.name}
            </span>
            <PhoneMenu />
            <Form method="post" action="/logout">
              <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-50">
                Log out
              </button>
            </Form>
          </div>
        </div>
      </header>
      <Outlet />
    </div>
  );
}

/** Phones: the navigation folds into a menu that closes once a page is chosen. */
function PhoneMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname, location.search]);
  return (
    <details ref={ref} className="relative lg:hidden">
      <summary className="cursor-pointer list-none rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-50">
        Menu
      </summary>
      <nav aria-label="Main" className="absolute right-0 z-30 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        {NAV.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            className={({ isActive }) =>
              `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`
            }
          >
            {item.label}
          </NavLink>
        ))}
      </nav>
    </details>
  );
}
