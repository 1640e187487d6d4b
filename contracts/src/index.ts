export * from './eventstore';
