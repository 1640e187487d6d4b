import DownloadIcon from '@mui/icons-material/Download';
import HomeIcon from '@mui/icons-material/Home';
import InsightsIcon from '@mui/icons-material/Insights';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { Menu, useBasename } from 'react-admin';

/** Dashboard, the resources, the custom pages, and a way back to the public site. */
export function AdminMenu() {
  const basename = useBasename();
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <Menu.Item to={`${basename}/analytics`} primaryText="Analytics" leftIcon={<InsightsIcon />} />
      <Menu.Item to={`${basename}/export`} primaryText="Export" leftIcon={<DownloadIcon />} />
      <Menu.Item
        to={`${basename}/company-discovery`}
        primaryText="Company discovery"
        leftIcon={<ManageSearchIcon />}
      />
      <Menu.Item to="/" primaryText="Back to site" leftIcon={<HomeIcon />} />
    </Menu>
  );
}
