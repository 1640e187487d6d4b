export { ingestionSourcesProjection, INGESTION_SOURCES_PROJECTION } from './ingestion-sources';
