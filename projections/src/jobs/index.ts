export { jobsProjection, JOBS_PROJECTION } from './jobs-projection';
export { companySlug, excerptOf, htmlToText, htmlToLines, truncate, EXCERPT_LENGTH } from './text';
export { toUsdPerYear } from './salary';
