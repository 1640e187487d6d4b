import { Prose, ContentPage } from '../../components/layouts/content-page';
import { LinkGrid } from '../../components/layouts/link-grid';
import { feedHref } from '../../config/paths';

const regions: { name: string; countries: string[] }[] = [
  {
    name: 'North America',
    countries: ['United States', 'Canada', 'Mexico'],
  },
  {
    name: 'Europe',
    countries: [
      'United Kingdom',
      'Germany',
      'France',
      'Netherlands',
      'Spain',
      'Portugal',
      'Ireland',
      'Poland',
      'Sweden',
      'Italy',
      'Switzerland',
      'Romania',
    ],
  },
  {
    name: 'Latin America',
    countries: ['Brazil', 'Argentina', 'Colombia', 'Chile', 'Uruguay', 'Costa Rica'],
  },
  {
    name: 'Asia Pacific',
    countries: ['Australia', 'New Zealand', 'India', 'Singapore', 'Philippines', 'Japan', 'Vietnam'],
  },
  {
    name: 'Middle East & Africa',
    countries: ['Israel', 'United Arab Emirates', 'South Africa', 'Nigeria', 'Kenya', 'Egypt'],
  },
];

export default function CountriesRoute() {
  return (
    <ContentPage
      title="Remote Jobs by Country"
      eyebrow="Search by location"
      intro={
        <p>
          Remote does not always mean &ldquo;from anywhere&rdquo;. Many employers hire only in the countries
          where they can run payroll, or within a few hours of their team&apos;s time zone. Start from where
          you live to see the jobs you can actually take.
        </p>
      }
    >
      <section aria-labelledby="worldwide-heading" className="mb-10">
        <h2 id="worldwide-heading" className="mb-3 text-xl font-bold text-slate-900">
          Work from anywhere
        </h2>
        <LinkGrid
          columns={2}
          items={[
            {
              label: 'Anywhere in the World',
              href: feedHref({ location: 'Remote (Worldwide)' }),
              description: 'Jobs open to candidates in every country.',
            },
            {
              label: 'All remote and hybrid jobs',
              href: feedHref({}),
              description: 'The full feed, newest first.',
            },
          ]}
        />
      </section>

      <section id="all-countries" aria-labelledby="all-countries-heading" className="scroll-mt-24">
        <h2 id="all-countries-heading" className="mb-6 text-2xl font-bold text-slate-900">
          All countries
        </h2>
        <div className="space-y-8">
          {regions.map((region) => (
            <section key={region.name} aria-label={region.name}>
              <h3 className="mb-3 text-lg font-semibold text-slate-900">{region.name}</h3>
              <LinkGrid
                columns={4}
                items={region.countries.map((country) => ({
                  label: country,
                  href: feedHref({ location: country }),
                }))}
              />
            </section>
          ))}
        </div>
      </section>

      <section className="mt-12">
        <Prose>
          <h2>Before you apply across borders</h2>
          <ul>
            <li>
              <strong>Check the hiring region.</strong> A job listed as &ldquo;Remote (US)&rdquo; usually
              requires that you live and are allowed to work in the United States.
            </li>
            <li>
              <strong>Contractor or employee?</strong> Companies without a local entity may hire you as a
              contractor or through an employer of record. Ask which one, because taxes, benefits and paid
              leave differ.
            </li>
            <li>
              <strong>Mind the overlap.</strong> Teams often expect three to four hours of shared working
              time. Say up front which hours you can cover.
            </li>
          </ul>
        </Prose>
      </section>
    </ContentPage>
  );
}
