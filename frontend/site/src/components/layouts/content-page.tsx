import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useScrollToHash } from '../../hooks/use-scroll-to-hash';

export interface ContentPageProps {
  title: string;
  /** document.title part; defaults to the heading. */
  documentTitle?: string;
  intro?: ReactNode;
  eyebrow?: string;
  children: ReactNode;
}

/** Layout of the site's written pages: a heading band, then readable prose. */
export function ContentPage({ title, documentTitle, intro, eyebrow, children }: ContentPageProps) {
  useDocumentTitle(documentTitle ?? title);
  useScrollToHash();
  return (
    <article>
      <header className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
          {eyebrow && (
            <p className="mb-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
          )}
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          {intro && <div className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-700">{intro}</div>}
        </div>
      </header>
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">{children}</div>
    </article>
  );
}

/** Readable long-form text: headings, paragraphs, lists and links styled without a typography plugin. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-4 leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a:hover]:text-brand-900 [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2">
      {children}
    </div>
  );
}
