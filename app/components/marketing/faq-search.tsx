// The support page's FAQ: a live search over questions and answers and an accordion with one item open at a time.
// Without JavaScript the search is a GET form filtered on the server, and <details name> keeps one item open.
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { searchFaq, type FaqItem } from "~/lib/support-faq";
import { Icon } from "./icons";

export function FaqSearch({ items, initialQuery }: { items: readonly FaqItem[]; initialQuery: string }) {
  const [query, setQuery] = useState(initialQuery);
  const [openId, setOpenId] = useState<string | null>(null);
  const results = searchFaq(items, query);
  const term = query.trim();

  return (
    <div>
      <Form
        method="get"
        role="search"
        preventScrollReset
        onSubmit={(event) => event.preventDefault()}
        className="relative mx-auto max-w-2xl"
      >
        <label htmlFor="faq-search" className="sr-only">
          Search help articles
        </label>
        <Icon name="search" className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-slate-400" />
        <input
          id="faq-search"
          type="search"
          name="q"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          placeholder="Search for answers, e.g. handwriting, export, HEIC"
          autoComplete="off"
          className="block w-full rounded-xl border border-slate-300 bg-white py-3.5 pr-4 pl-12 text-base shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
        <noscript>
          <button type="submit" className="mt-3 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
            Search
          </button>
        </noscript>
      </Form>

      <section id="faq" aria-labelledby="faq-title" className="mx-auto mt-12 max-w-3xl scroll-mt-24">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="faq-title" className="text-2xl font-bold tracking-tight text-slate-900">
            Frequently asked questions
          </h2>
          <p aria-live="polite" className="text-sm text-slate-500">
            {term ? `${results.length} ${results.length === 1 ? "answer" : "answers"} found` : ""}
          </p>
        </div>
        {results.length === 0 ? (
          <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center">
            <p className="text-lg font-semibold text-slate-900">{`No results found for "${term}"`}</p>
            <p className="mt-2 text-sm text-slate-600">
              Try other words, or{" "}
              <Link to="/contact?type=support" className="font-semibold text-brand-700 hover:underline">
                ask our support team
              </Link>
              .
            </p>
          </div>
        ) : (
          <ul className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {results.map((item) => {
              const open = openId === item.id;
              return (
                <li key={item.id}>
                  <details name="support-faq" open={open} className="group">
                    <summary
                      onClick={(event) => {
                        event.preventDefault();
                        setOpenId(open ? null : item.id);
                      }}
                      className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-4 font-medium text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden"
                    >
                      {item.question}
                      <Icon name="chevronDown" className="h-5 w-5 shrink-0 text-slate-500 transition group-open:rotate-180" />
                    </summary>
                    <p className="px-6 pb-5 text-sm leading-6 text-slate-600">{item.answer}</p>
                  </details>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
