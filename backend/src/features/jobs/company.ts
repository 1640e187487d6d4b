/**
 * A company's profile, stream `company-{slug}`. Jobs and admins both update it; a field left null
 * keeps what is known, and a description never gives way to a less trusted source
 * (the company's own > the ATS's > generated).
 */
import type { CompanyEvent, CompanyProfileUpdated, DescriptionSource } from '@jobs/contracts';
import type { Decider } from '../../commands/handle';

/** Shared with the projections, which key the company read model by it. */
export { companySlug } from '@jobs/contracts';

export const companyStreamId = (slug: string): string => `company-${slug}`;

export type CompanyCommand = { type: 'UpdateCompanyProfile' } & CompanyProfileUpdated;

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

const TRUST: Record<DescriptionSource, number> = { company: 3, ats: 2, generated: 1 };

function merge(known: CompanyProfileUpdated | null, update: CompanyProfileUpdated): CompanyProfileUpdated {
  if (!known) return update;
  const takeDescription =
    update.description !== null && TRUST[update.descriptionSource] >= TRUST[known.descriptionSource];
  return {
    companySlug: known.companySlug,
    company: update.company.trim() || known.company,
    description: takeDescription ? update.description : known.description,
    descriptionSource: takeDescription ? update.descriptionSource : known.descriptionSource,
    size: update.size ?? known.size,
    founded: update.founded ?? known.founded,
    industry: update.industry ?? known.industry,
    website: update.website ?? known.website,
    logo: update.logo ?? known.logo,
  };
}

function sameProfile(a: CompanyProfileUpdated, b: CompanyProfileUpdated): boolean {
  const keys = Object.keys(a) as (keyof CompanyProfileUpdated)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

export function decideCompany(command: CompanyCommand, state: CompanyState): CompanyEvent[] {
  switch (command.type) {
    case 'UpdateCompanyProfile': {
      const { type: _type, ...update } = command;
      const known = state.status === 'known' ? state.profile : null;
      const next = merge(known, update);
      if (known && sameProfile(known, next)) return [];
      return [{ type: 'CompanyProfileUpdated', data: next }];
    }
    default: {
      const unknown: never = command.type;
      throw new Error(`Unknown company command ${String(unknown)}`);
    }
  }
}

export const companyDecider: Decider<CompanyCommand, CompanyEvent, CompanyState> = {
  decide: (command, state) => decideCompany(command, state),
  evolve: evolveCompany,
  initialState: initialCompanyState,
};
