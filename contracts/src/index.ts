export * from './eventstore';
export * from './jobs';
