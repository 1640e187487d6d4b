export { CompanyDiscoveryPage } from './CompanyDiscoveryPage';
