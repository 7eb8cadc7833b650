import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { PAIRING_STATES, type PairingState } from '@ed/contract/trupoint';
import { PairingsTable } from './pairings-table';

const LABELS: Record<PairingState, string> = { active: 'Active', completed: 'Completed', aborted: 'Aborted' };

/** Tru-Point Vendor Integrations (/TruPoint): Active, Completed and Aborted; the tab is in the address. */
export function TruPointPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as PairingState | null;
  const tab: PairingState = asked && PAIRING_STATES.includes(asked) ? asked : 'active';
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} onChange={(_event, value: PairingState) => setParams({ tab: value })} aria-label="Pairings">
          {PAIRING_STATES.map((state) => (
            <Tab
              key={state}
              value={state}
              label={LABELS[state]}
              id={`pairings-tab-${state}`}
              aria-controls={`pairings-panel-${state}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`pairings-panel-${tab}`} aria-labelledby={`pairings-tab-${tab}`}>
        <PairingsTable key={tab} state={tab} />
      </Box>
    </>
  );
}
