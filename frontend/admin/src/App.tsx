import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { AnalyticsPage } from './analytics/AnalyticsPage';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { ExportPage } from './export/ExportPage';
import jobs from './jobs';
import reports from './reports';
import { AdminLayout } from './layout/AdminLayout';
import { theme } from './theme';
import users from './users';
import atsSources from './ats-sources';
import { CompanyDiscoveryPage } from './company-discovery';
import discoveredCompanies from './discovered-companies';

/** Mounted by the site's router under /admin/*, so react-admin uses the existing router with this basename. */
export default function AdminApp() {
  return (
    <Admin
      basename="/admin"
      title="Admin"
      dataProvider={dataProvider}
      dashboard={Dashboard}
      layout={AdminLayout}
      theme={theme}
      disableTelemetry
    >
      <Resource name="jobs" {...jobs} />
      <Resource name="reports" {...reports} />
      <Resource name="users" {...users} recordRepresentation="username" />
      <CustomRoutes>
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route path="/export" element={<ExportPage />} />
      </CustomRoutes>
      <Resource name="ats-sources" {...atsSources} />
      <Resource name="discovered-companies" {...discoveredCompanies} />
      <CustomRoutes>
        <Route path="/company-discovery" element={<CompanyDiscoveryPage />} />
      </CustomRoutes>
    </Admin>
  );
}
