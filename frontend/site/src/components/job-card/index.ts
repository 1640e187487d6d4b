export { JobCard, jobHref, workplaceBadge, type JobCardJob, type JobCardProps } from './job-card';
export { CompanyLogo, companyInitials, initialsColour, logoUrl, type CompanyLogoProps } from './company-logo';
export { Highlight } from './highlight';
