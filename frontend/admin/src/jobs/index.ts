import WorkIcon from '@mui/icons-material/Work';
import { JobList } from './JobList';
import { JobShow } from './JobShow';

export default { list: JobList, show: JobShow, icon: WorkIcon, recordRepresentation: 'title' };
