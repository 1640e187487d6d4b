import { Clock, Globe2, Wallet } from 'lucide-react';

const BENEFITS = [
  {
    icon: Clock,
    title: 'Your time is yours again',
    text: 'No commute means hours back every week. Plan deep work around when you think best, and fit life in between.',
  },
  {
    icon: Globe2,
    title: 'Work from anywhere',
    text: 'Live near family, by the sea or in a city you love. Remote and hybrid teams hire for skills, not postcodes.',
  },
  {
    icon: Wallet,
    title: 'Spend less, keep more',
    text: 'Fewer travel, lunch and wardrobe costs add up. Many remote companies also offer home-office budgets.',
  },
] as const;

/** Spec section 2, Home: below the feed, three benefit blurbs (our own text). */
export function WhyRemote() {
  return (
    <section aria-labelledby="why-remote" className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="why-remote" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Why Choose Remote Work?
        </h2>
        <ul className="mt-10 grid gap-8 md:grid-cols-3">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 p-6 text-center">
              <Icon aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
