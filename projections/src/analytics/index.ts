export { analyticsProjection, ANALYTICS_PROJECTION, DAILY_METRICS, type DailyMetric } from './daily-counts';
