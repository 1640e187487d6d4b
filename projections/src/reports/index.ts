export {
  jobReportsProjection,
  JOB_REPORTS_PROJECTION,
  REPORT_STATUSES,
  type JobReportRow,
  type ReportStatus,
} from './job-reports';
