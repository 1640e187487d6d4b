/** The read model's columns that say what a job is and where, as a card, the feed and RSS items show them. */
export interface ListingColumns {
  title: string;
  company: string;
  company_logo: string | null;
  location: string;
  is_remote: boolean;
  is_hybrid: boolean;
  type: string;
  experience_level: string;
  industry: string;
  salary: string | null;
}

/** Those columns under the API's names, in the API's key order (a card's JSON keeps the full Job's order). */
export function listingFields(row: ListingColumns) {
  return {
    title: row.title,
    company: row.company,
    companyLogo: row.company_logo,
    location: row.location,
    isRemote: row.is_remote,
    isHybrid: row.is_hybrid,
    type: row.type,
    experienceLevel: row.experience_level,
    industry: row.industry,
    salary: row.salary,
  };
}
