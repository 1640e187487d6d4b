import { Bug, Building2, Mail, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { ContentPage } from '../../components/layouts/content-page';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { site } from '../../config/site';

function mailto(address: string, subject: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}

interface Topic {
  title: string;
  icon: ReactNode;
  body: ReactNode;
}

const topics: Topic[] = [
  {
    title: 'General questions',
    icon: <Mail aria-hidden="true" className="h-5 w-5 text-brand-700" />,
    body: (
      <p>
        For anything about the site or your account, write to{' '}
        <a href={mailto(site.contactEmail, 'Question')} className="font-medium text-brand-700 underline">
          {site.contactEmail}
        </a>
        . We answer within two working days.
      </p>
    ),
  },
  {
    title: 'Report a job listing',
    icon: <Bug aria-hidden="true" className="h-5 w-5 text-brand-700" />,
    body: (
      <p>
        If a job is expired, misleading or looks like a scam, e-mail us the link to the job with the subject
        &ldquo;Report listing&rdquo;. We review every report.
      </p>
    ),
  },
  {
    title: 'Employers',
    icon: <Building2 aria-hidden="true" className="h-5 w-5 text-brand-700" />,
    body: (
      <p>
        We list jobs from companies&apos; public career pages. To have your company&apos;s board added, or a
        listing corrected or removed, send us your careers page address.
      </p>
    ),
  },
  {
    title: 'Privacy requests',
    icon: <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand-700" />,
    body: (
      <p>
        To access, correct or delete your data, write to{' '}
        <a
          href={mailto(site.privacyEmail, 'Privacy request')}
          className="font-medium text-brand-700 underline"
        >
          {site.privacyEmail}
        </a>
        . See the{' '}
        <Link to={paths.privacy.getHref()} className="font-medium text-brand-700 underline">
          privacy policy
        </Link>{' '}
        for details.
      </p>
    ),
  },
];

export default function ContactRoute() {
  return (
    <ContentPage
      title="Contact Us"
      eyebrow="Contact"
      intro={<p>We are a small team and read every message. E-mail is the fastest way to reach us.</p>}
    >
      <ul className="grid gap-6 md:grid-cols-2">
        {topics.map((topic) => (
          <li key={topic.title}>
            <Card className="h-full">
              <CardHeader>
                <CardTitle as="h2" className="flex items-center gap-2">
                  {topic.icon}
                  {topic.title}
                </CardTitle>
              </CardHeader>
              <CardContent className="text-slate-700">{topic.body}</CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </ContentPage>
  );
}
