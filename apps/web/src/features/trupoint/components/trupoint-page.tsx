import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { hasPermission } from '@ed/contract/permissions';
import { PAIRING_STATES, type PairingState } from '@ed/contract/trupoint';
import { useSession } from '../../../shared/auth/use-session';
import { PairingsTable } from './pairings-table';
import { VendorsTab } from './vendors-tab';

type TabKey = PairingState | 'vendors';
const LABELS: Record<TabKey, string> = {
  active: 'Active',
  completed: 'Completed',
  aborted: 'Aborted',
  vendors: 'Vendors',
};

/**
 * Tru-Point Vendor Integrations (/TruPoint): Active, Completed and Aborted, plus Vendors for
 * admins; the tab is in the address.
 */
export function TruPointPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tabs: TabKey[] =
    session && hasPermission(session.user.role, 'vendors.manage')
      ? [...PAIRING_STATES, 'vendors']
      : [...PAIRING_STATES];
  const asked = params.get('tab') as TabKey | null;
  const tab: TabKey = asked && tabs.includes(asked) ? asked : 'active';
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} onChange={(_event, value: TabKey) => setParams({ tab: value })} aria-label="Pairings">
          {tabs.map((key) => (
            <Tab
              key={key}
              value={key}
              label={LABELS[key]}
              id={`pairings-tab-${key}`}
              aria-controls={`pairings-panel-${key}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`pairings-panel-${tab}`} aria-labelledby={`pairings-tab-${tab}`}>
        {tab === 'vendors' ? <VendorsTab /> : <PairingsTable key={tab} state={tab} />}
      </Box>
    </>
  );
}
