import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';

/** The data provider with the admin's named commands and reads. */
export const useAdminApi = () => useDataProvider<AdminDataProvider>();
