import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import type { Job } from '../api/get-job';
import { useStructuredJob } from '../api/get-structured-job';
import { workFromLabel } from '@jobs/contracts/where-label';
import { formatDate, locationLabel } from '../lib/format';
import { fromStructured, type JobSections } from '../lib/sections';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3" aria-label={title}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="text-slate-600 italic">{text}</p>;
}

function Paragraphs({ lines }: { lines: string[] }) {
  return (
    <div className="space-y-3 leading-relaxed text-slate-700">
      {lines.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </div>
  );
}

function List({ lines }: { lines: string[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-5 leading-relaxed text-slate-700">
      {lines.map((line, i) => (
        <li key={i}>{line}</li>
      ))}
    </ul>
  );
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{value || '—'}</dd>
    </div>
  );
}

function SectionsView({ sections }: { sections: JobSections }) {
  return (
    <>
      <Section title="Job Description">
        {sections.description.length ? (
          <Paragraphs lines={sections.description} />
        ) : (
          <Empty text="No detailed description available." />
        )}
      </Section>
      {sections.responsibilities.length > 0 && (
        <Section title="Responsibilities">
          <List lines={sections.responsibilities} />
        </Section>
      )}
      <Section title="Requirements">
        {sections.requirements.length ? (
          <List lines={sections.requirements} />
        ) : (
          <Empty text="No requirements specified." />
        )}
      </Section>
      <Section title="Benefits">
        {sections.benefits.length ? (
          <List lines={sections.benefits} />
        ) : (
          <Empty text="No benefits specified." />
        )}
      </Section>
    </>
  );
}

/** The sections found in the description itself, once the structured API has failed (its code loads then). */
function useFallbackSections(job: Job, enabled: boolean) {
  return useQuery({
    queryKey: ['job-sections-fallback', job.id, job.description],
    queryFn: async () => (await import('../lib/split-by-headings')).splitByHeadings(job.description),
    enabled,
    staleTime: Infinity,
  });
}

function DescriptionSkeleton() {
  return (
    <div role="status" aria-label="Loading job description" className="space-y-3">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-4 w-4/6" />
    </div>
  );
}

export function JobDetailsTab({ job }: { job: Job }) {
  const structured = useStructuredJob(job.id);
  const fallback = useFallbackSections(job, structured.isError);
  return (
    <div className="space-y-8">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Fact label="Location" value={locationLabel(job)} />
        {workFromLabel(job) && <Fact label="Where you can work from" value={workFromLabel(job)} />}
        <Fact label="Job Type" value={job.type} />
        <Fact label="Posted" value={formatDate(job.datePosted)} />
        <Fact label="Industry" value={job.industry} />
      </dl>
      {structured.isPending ? (
        <DescriptionSkeleton />
      ) : structured.isError ? (
        <>
          <Alert variant="warning">
            <AlertDescription>
              Could not analyze job description. Using original content instead.
            </AlertDescription>
          </Alert>
          {fallback.data ? <SectionsView sections={fallback.data} /> : <DescriptionSkeleton />}
        </>
      ) : (
        <SectionsView sections={fromStructured(structured.data)} />
      )}
      {job.skills.length > 0 && (
        <Section title="Required Skills">
          <ul className="flex flex-wrap gap-2">
            {job.skills.map((skill) => (
              <li key={skill}>
                <Badge variant="secondary">{skill}</Badge>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}
