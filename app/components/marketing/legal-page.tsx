import type { ReactNode } from "react";
import { PageIntro } from "./site-layout";

export const LEGAL_LAST_UPDATED = "January 2025";

export type LegalSection = { id: string; title: string; body: ReactNode };

/** A readable legal document: title, last-updated date, a table of contents and numbered sections. */
export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: readonly LegalSection[] }) {
  return (
    <>
      <PageIntro title={title}>
        <p className="text-base">{`Last updated ${LEGAL_LAST_UPDATED}`}</p>
      </PageIntro>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 pb-20 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">On this page</p>
            <ol className="mt-3 space-y-2 text-sm">
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="text-slate-600 hover:text-brand-700">
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article className="max-w-3xl text-base leading-7 text-slate-700">
          <div className="text-lg leading-8 text-slate-600">{intro}</div>
          {sections.map((section, i) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-10 scroll-mt-24">
              <h2 id={`${section.id}-title`} className="text-2xl font-semibold tracking-tight text-slate-900">
                {i + 1}. {section.title}
              </h2>
              <div className="mt-4 space-y-4 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-2 [&_ul]:list-disc [&_ul]:pl-6">
                {section.body}
              </div>
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
