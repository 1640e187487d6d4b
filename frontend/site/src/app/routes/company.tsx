import { useParams } from '../../lib/router';
import { CompanyPage } from '../../features/company-page/components/company-page';

export default function CompanyRoute() {
  const { companyName = '' } = useParams();
  return <CompanyPage key={companyName} companyName={companyName} />;
}
