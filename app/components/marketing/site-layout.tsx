// The frame of every public page: header with the spec's navigation (Features, Pricing, Demo, Sign In and a
// mobile menu), the demo dialog, and the footer with working links.
import { Link, NavLink } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { DemoButton, DemoDialog } from "./demo-dialog";
import { Icon } from "./icons";

function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
      <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
      Gradewell
    </Link>
  );
}

const linkClass = "text-sm font-medium text-slate-600 hover:text-slate-900";
const navLinkClass = ({ isActive }: { isActive: boolean }) => `${linkClass} ${isActive ? "text-slate-900" : ""}`;

function AccountLink({ signedIn, className }: { signedIn: boolean; className: string }) {
  return signedIn ? (
    <Link to="/dashboard" className={className}>
      Dashboard
    </Link>
  ) : (
    <Link to="/login" className={className}>
      Sign In
    </Link>
  );
}

function MobileMenu({ signedIn }: { signedIn: boolean }) {
  // <details> toggles without JavaScript and tells assistive technology whether it is open.
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => menu.current?.removeAttribute("open");
  const item = "block rounded-lg px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-50";
  return (
    // Escape closes the phone menu (a keydown on <details>); clicks on its links close it too.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <details
      ref={menu}
      className="group md:hidden"
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
    >
      <summary
        className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
        aria-label="Menu"
      >
        <span className="group-open:hidden">
          <Icon name="menu" className="h-6 w-6" />
        </span>
        <span className="hidden group-open:inline">
          <Icon name="x" className="h-6 w-6" />
        </span>
      </summary>
      {/* A click on any link inside closes the menu; the links themselves are the keyboard targets. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <nav
        aria-label="Main"
        className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg"
        onClick={close}
      >
        <Link to="/#features" className={item}>
          Features
        </Link>
        <Link to="/pricing" className={item}>
          Pricing
        </Link>
        <DemoButton className={`${item} w-full text-left`}>Demo</DemoButton>
        <AccountLink signedIn={signedIn} className={item} />
        {signedIn ? null : (
          <Link
            to="/register"
            className="mt-2 block rounded-lg bg-brand-600 px-3 py-2.5 text-center text-base font-semibold text-white hover:bg-brand-700"
          >
            Start Free Trial
          </Link>
        )}
      </nav>
    </details>
  );
}

export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-8 md:flex">
          <Link to="/#features" className={linkClass}>
            Features
          </Link>
          <NavLink to="/pricing" className={navLinkClass}>
            Pricing
          </NavLink>
          <DemoButton className={linkClass}>Demo</DemoButton>
          <AccountLink
            signedIn={signedIn}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          />
        </nav>
        <MobileMenu signedIn={signedIn} />
      </div>
    </header>
  );
}

const FOOTER_COLUMNS = [
  {
    title: "Product",
    links: [
      { to: "/#features", label: "Features" },
      { to: "/pricing", label: "Pricing" },
      { to: "/register", label: "Start Free Trial" },
    ],
  },
  {
    title: "Help",
    links: [
      { to: "/support", label: "Support" },
      { to: "/contact", label: "Contact" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/terms", label: "Terms of Service" },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm leading-6 text-slate-600">
            Grading help for teachers: read, grade and give feedback on student work, with you in charge of every grade.
          </p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-slate-600 hover:text-slate-900">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-100">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-slate-500 sm:px-6">© Gradewell. Made for teachers.</p>
      </div>
    </footer>
  );
}

export function SiteLayout({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col bg-white">
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <SiteHeader signedIn={signedIn} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
      <DemoDialog />
    </div>
  );
}

/** A page heading block shared by the pricing, legal, support and contact pages. */
export function PageIntro({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-3xl px-4 pt-16 pb-10 text-center sm:px-6 sm:pt-20">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 text-lg leading-8 text-slate-600">{children}</div> : null}
      </div>
    </div>
  );
}
