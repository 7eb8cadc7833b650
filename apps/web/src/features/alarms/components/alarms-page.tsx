import { useSearchParams } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { hasPermission } from '@ed/contract/permissions';
import { useSession } from '../../../shared/auth/use-session';
import { AlarmRules } from './alarm-rules';
import { AlarmsList } from './alarms-list';

/**
 * Alarms (/Alarms): the alarms the rules raised, acknowledged and cleared by people or by the
 * units themselves; and the rules (?tab=rules), which admins and engineers define. The top bar's
 * notifications button keeps them live (ALARMS_CHANGED).
 */
export function AlarmsPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'rules' ? 'rules' : 'alarms';
  const mayManage = session ? hasPermission(session.user.role, 'alarms.manage') : false;
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_e, value: string) => setParams(value === 'rules' ? { tab: 'rules' } : {})}
        aria-label="Alarms and rules"
        sx={{ mb: 2 }}
      >
        <Tab value="alarms" label="Alarms" />
        <Tab value="rules" label="Rules" />
      </Tabs>
      {tab === 'alarms' ? <AlarmsList /> : <AlarmRules mayManage={mayManage} />}
    </>
  );
}
