/**
 * The company profile (stream `company-{slug}`) as ingestion maintains it: bots send the profile
 * fields they know with every job; a CompanyProfileUpdated is appended only when they change it.
 * Fields a command leaves null keep their value (an admin's founding year survives every pull), and
 * a description the company wrote itself is not overwritten by the ATS's.
 */
import type { CompanyEvent, CompanyProfileUpdated, DescriptionSource, JobContent } from '@jobs/contracts';
import { companySlug } from '@jobs/projections/jobs/index';
import type { Decider } from '../../commands/handle';

export const companyStreamId = (slug: string): string => `company-${slug}`;

export interface UpdateCompanyProfile {
  type: 'UpdateCompanyProfile';
  companySlug: string;
  company: string;
  description?: string | null;
  descriptionSource?: DescriptionSource;
  size?: string | null;
  founded?: number | null;
  industry?: string | null;
  website?: string | null;
  logo?: string | null;
}
export type CompanyCommand = UpdateCompanyProfile;

export type CompanyState = { status: 'absent' } | { status: 'known'; profile: CompanyProfileUpdated };

export const initialCompanyState = (): CompanyState => ({ status: 'absent' });

export function evolveCompany(state: CompanyState, event: CompanyEvent): CompanyState {
  switch (event.type) {
    case 'CompanyProfileUpdated':
      return { status: 'known', profile: event.data };
    default: {
      const unknown: never = event.type;
      throw new Error(`Unknown company event ${String(unknown)}`);
    }
  }
}

const keep = <T>(next: T | null | undefined, previous: T | null | undefined): T | null =>
  next ?? previous ?? null;

export function decideCompany(command: CompanyCommand, state: CompanyState): CompanyEvent[] {
  const previous = state.status === 'known' ? state.profile : null;
  const companyWrote = previous?.descriptionSource === 'company' && previous.description;
  const description = companyWrote ? previous.description : keep(command.description, previous?.description);
  const profile: CompanyProfileUpdated = {
    companySlug: command.companySlug,
    company: command.company,
    description,
    descriptionSource:
      companyWrote || !command.description
        ? (previous?.descriptionSource ?? 'ats')
        : (command.descriptionSource ?? 'ats'),
    size: keep(command.size, previous?.size),
    founded: keep(command.founded, previous?.founded),
    industry: keep(command.industry, previous?.industry),
    website: keep(command.website, previous?.website),
    logo: keep(command.logo, previous?.logo),
  };
  const unchanged =
    previous &&
    (Object.keys(profile) as (keyof CompanyProfileUpdated)[]).every((k) => profile[k] === previous[k]);
  if (unchanged) return [];
  return [{ type: 'CompanyProfileUpdated', data: profile }];
}

export const companyDecider: Decider<CompanyCommand, CompanyEvent, CompanyState> = {
  decide: (command, state) => decideCompany(command, state),
  evolve: evolveCompany,
  initialState: initialCompanyState,
};

/** The profile part of a normalised job, as a command; null when the job carries no profile field. */
export function companyCommandFor(job: JobContent): UpdateCompanyProfile | null {
  if (!job.companyDescription && !job.companyWebsite && !job.companySize && !job.companyLogo) return null;
  return {
    type: 'UpdateCompanyProfile',
    companySlug: companySlug(job.company),
    company: job.company,
    description: job.companyDescription,
    descriptionSource: 'ats',
    size: job.companySize,
    website: job.companyWebsite,
    logo: job.companyLogo,
  };
}
