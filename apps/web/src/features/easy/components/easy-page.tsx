import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../shared/auth/use-session';
import { FixturesTab } from './fixtures-tab';
import { TargetsTab } from './targets-tab';

const TABS = [
  { key: 'fixtures', label: 'Fixtures' },
  { key: 'targets', label: 'Targets' },
] as const;

/** The EZ ADAS screen (/Easy): Fixtures and Targets; the tab is in the address (?tab=targets). */
export function EasyPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'targets' ? 'targets' : 'fixtures';
  if (!session) return null;
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} onChange={(_event, value: string) => setParams({ tab: value })} aria-label="EZ ADAS">
          {TABS.map((t) => (
            <Tab
              key={t.key}
              value={t.key}
              label={t.label}
              id={`easy-tab-${t.key}`}
              aria-controls={`easy-panel-${t.key}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`easy-panel-${tab}`} aria-labelledby={`easy-tab-${tab}`}>
        {tab === 'fixtures' ? <FixturesTab /> : <TargetsTab role={session.user.role} />}
      </Box>
    </>
  );
}
