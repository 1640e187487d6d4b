import { Link } from '../../lib/router';
import { ContentPage } from '../../components/layouts/content-page';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { feedHref, type FeedFilters } from '../../config/paths';

interface JobType {
  name: string;
  filters: FeedFilters;
  summary: string;
  goodFor: string;
  ask: string;
}

const jobTypes: JobType[] = [
  {
    name: 'Full Time',
    filters: { type: 'Full Time' },
    summary:
      'A permanent position of usually 35 to 40 hours a week, with salary, paid leave and benefits through the employer or an employer of record.',
    goodFor: 'Stability, career growth and benefits such as health cover or pension contributions.',
    ask: 'Which country you would be employed in, and whether equipment and a home-office budget are provided.',
  },
  {
    name: 'Part Time',
    filters: { type: 'Part Time' },
    summary: 'Fewer weekly hours, often with a fixed schedule, and usually pro-rated pay and leave.',
    goodFor: 'Combining work with study, caring responsibilities or your own projects.',
    ask: 'Which hours you must be available, and whether the hours can grow later.',
  },
  {
    name: 'Contract',
    filters: { type: 'Contract' },
    summary:
      'A fixed-term engagement, often 3, 6 or 12 months, paid by the hour, day or month. You typically invoice the company and handle your own taxes.',
    goodFor: 'Higher rates, variety, and trying a company before committing.',
    ask: 'Whether extension or conversion to permanent is possible, and the payment terms.',
  },
  {
    name: 'Freelance',
    filters: { type: 'Freelance' },
    summary: 'Project-based work for one or several clients, where you set your own schedule and rates.',
    goodFor: 'Independence and building a portfolio across clients.',
    ask: 'The scope and deliverables in writing, the budget, and who owns the work.',
  },
  {
    name: 'Internship',
    filters: { type: 'Internship' },
    summary:
      'A short, structured learning position, usually for students or recent graduates, with a mentor.',
    goodFor: 'Getting a first professional experience and a reference.',
    ask: 'Whether it is paid, who mentors you, and how often you meet.',
  },
  {
    name: 'Entry Level',
    filters: { experienceLevel: 'Entry' },
    summary:
      'Jobs that require little or no professional experience. Many companies train new starters on the job.',
    goodFor: 'Career changers and graduates looking for their first remote role.',
    ask: 'What onboarding looks like and how feedback is given on a remote team.',
  },
];

export default function JobTypesRoute() {
  return (
    <ContentPage
      title="Remote Jobs by Type"
      eyebrow="Job types"
      intro={
        <p>
          The type of contract shapes your pay, taxes, benefits and freedom as much as the job itself. Here is
          what each one means for remote work, and what to ask before you sign.
        </p>
      }
    >
      <ul className="grid gap-6 md:grid-cols-2">
        {jobTypes.map((jobType) => (
          <li key={jobType.name}>
            <Card className="flex h-full flex-col">
              <CardHeader>
                <CardTitle as="h2">{jobType.name}</CardTitle>
                <CardDescription>{jobType.summary}</CardDescription>
              </CardHeader>
              <CardContent className="flex flex-1 flex-col gap-3 text-sm text-slate-700">
                <p>
                  <strong className="text-slate-900">Good for:</strong> {jobType.goodFor}
                </p>
                <p>
                  <strong className="text-slate-900">Ask about:</strong> {jobType.ask}
                </p>
                <Link
                  to={feedHref(jobType.filters)}
                  className="mt-auto font-semibold text-brand-700 hover:underline"
                >
                  Browse {jobType.name.toLowerCase()} jobs →
                </Link>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </ContentPage>
  );
}
