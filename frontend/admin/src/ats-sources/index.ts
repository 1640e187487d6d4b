import CloudSyncIcon from '@mui/icons-material/CloudSync';
import { AtsSourceCreate } from './AtsSourceCreate';
import { AtsSourceList } from './AtsSourceList';
import { AtsSourceShow } from './AtsSourceShow';

export default {
  list: AtsSourceList,
  show: AtsSourceShow,
  create: AtsSourceCreate,
  icon: CloudSyncIcon,
  options: { label: 'ATS sources' },
  recordRepresentation: 'company',
};
