export * from './eventstore';
export * from './search';
export * from './jobs';
export * from './sources';
export * from './users';
export * from './alerts';
export * from './ats';
