/**
 * The company profile (stream `company-{slug}`) as ingestion maintains it: bots send the profile
 * fields they know with every job; a CompanyProfileUpdated is appended only when they change it.
 * Fields a command leaves null keep their value (an admin's founding year survives every pull); the
 * company's own profile wins and other sources fill empty fields only (issue 24 §2, decideCompany).
 */
import {
  COMPANY_PROFILE_FIELDS,
  type CompanyEvent,
  type CompanyProfileField,
  type CompanyProfileUpdated,
  type DescriptionSource,
  type JobContent,
} from '@jobs/contracts';
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
  /** Who asks (issue 24 §2): an ingestion source id, 'admin' or 'seed'. */
  by?: string;
  /** The company's own profile: an admin, or the ATS board configured for this company. */
  own?: boolean;
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

/** The fields a change set, and who set each field as it stands. */
function sourcesOf(profile: CompanyProfileUpdated | null): {
  fieldSources: Record<string, string>;
  owned: Set<string>;
} {
  if (!profile) return { fieldSources: {}, owned: new Set() };
  const owned = new Set(profile.owned ?? []);
  // Before ownership was recorded, a description the company wrote was already kept over the ATS's.
  if (!profile.owned && profile.descriptionSource === 'company' && profile.description)
    owned.add('description');
  return { fieldSources: { ...(profile.fieldSources ?? {}) }, owned };
}

/**
 * Issue 24 §2: the company's own profile (`own`: an admin, or the ATS board configured for this company)
 * sets what it gives and owns those fields. Any other source fills empty fields only, and may later change
 * a field it filled itself while nobody owns it. A field a command leaves null keeps its value.
 */
export function decideCompany(command: CompanyCommand, state: CompanyState): CompanyEvent[] {
  const previous = state.status === 'known' ? state.profile : null;
  const by = command.by ?? 'unknown';
  const { fieldSources, owned } = sourcesOf(previous);
  const profile: CompanyProfileUpdated = {
    companySlug: command.companySlug,
    company: previous?.company ?? command.company,
    description: previous?.description ?? null,
    descriptionSource: previous?.descriptionSource ?? 'ats',
    size: previous?.size ?? null,
    founded: previous?.founded ?? null,
    industry: previous?.industry ?? null,
    website: previous?.website ?? null,
    logo: previous?.logo ?? null,
  };
  const mayWrite = (field: CompanyProfileField): boolean => {
    if (command.own) return true;
    if (previous?.[field] === null || previous?.[field] === undefined) return true;
    return !owned.has(field) && fieldSources[field] === by;
  };
  for (const field of COMPANY_PROFILE_FIELDS) {
    const value = command[field];
    if (value === null || value === undefined || !mayWrite(field)) continue;
    (profile as Record<CompanyProfileField, unknown>)[field] = value;
    fieldSources[field] = by;
    if (command.own) owned.add(field);
    if (field === 'description')
      profile.descriptionSource = command.descriptionSource ?? (command.own ? 'company' : 'ats');
  }
  // The name as the company's own profile spells it; otherwise the first one seen stays.
  if (command.own && command.company.trim()) profile.company = command.company;
  const unchanged =
    previous &&
    (Object.keys(profile) as (keyof CompanyProfileUpdated)[]).every((k) => profile[k] === previous[k]);
  if (unchanged) return [];
  return [
    {
      type: 'CompanyProfileUpdated',
      data: { ...profile, changedBy: by, fieldSources, owned: [...owned].sort() },
    },
  ];
}

export const companyDecider: Decider<CompanyCommand, CompanyEvent, CompanyState> = {
  decide: (command, state) => decideCompany(command, state),
  evolve: evolveCompany,
  initialState: initialCompanyState,
};

/** The profile part of a normalised job, as a command; null when the job carries no profile field. */
export function companyCommandFor(job: JobContent, by?: string, own = false): UpdateCompanyProfile | null {
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
    ...(by ? { by } : {}),
    own,
  };
}
