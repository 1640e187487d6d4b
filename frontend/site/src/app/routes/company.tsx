import { useParams } from '../../lib/router';
import { CompanyPage } from '../../features/company-page/components/company-page';

/** The company the server rendered, into the query cache before hydrating (app/router.tsx, preparePage). */
export { primeCompanyPage as prime } from '../../features/company-page/api/get-company';

export default function CompanyRoute() {
  const { companyName = '' } = useParams();
  return <CompanyPage key={companyName} companyName={companyName} />;
}
