/** The back office, lazy-loaded by the site at /admin/* (behind its admin guard). */
export { default } from './App';
