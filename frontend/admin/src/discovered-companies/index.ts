import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { DiscoveredCompanyList } from './DiscoveredCompanyList';

export default {
  list: DiscoveredCompanyList,
  icon: TravelExploreIcon,
  options: { label: 'Discovered companies' },
};
