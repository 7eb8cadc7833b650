import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { FAMILIES, familySchema, type Family } from '@ed/contract/families';
import { z } from 'zod';
import { useLatestVersion } from '../api/software';
import { SchedulerActivity } from './scheduler-activity';
import { SchedulerTable } from './scheduler-table';

const FAMILY_TABS: Record<Family, string> = {
  aligner: 'Aligners',
  gtps: 'Tru-Points',
  'aligner-oasis': 'Aligners-Oasis',
};
const VIEWS = ['scheduler', 'daily', 'hourly'] as const;
const VIEW_LABELS = { scheduler: 'Update Scheduler', daily: 'Daily Activity', hourly: 'Hourly Activity' } as const;
const viewSchema = z.enum(VIEWS).catch('scheduler');

/** Update Scheduler (/UpdateScheduler): family tabs, each with the table and the two activity views; deep-linked. */
export function UpdateSchedulerPage() {
  const [params, setParams] = useSearchParams();
  const family = familySchema.catch('aligner').parse(params.get('family'));
  const view = viewSchema.parse(params.get('view'));
  const latest = useLatestVersion(family).data?.semantic ?? null;
  return (
    <Stack spacing={2}>
      <Tabs value={family} onChange={(_, f: Family) => setParams({ family: f, view })} aria-label="Families">
        {FAMILIES.map((f) => (
          <Tab key={f} value={f} label={FAMILY_TABS[f]} />
        ))}
      </Tabs>
      <Tabs value={view} onChange={(_, v: (typeof VIEWS)[number]) => setParams({ family, view: v })} aria-label="Views">
        {VIEWS.map((v) => (
          <Tab key={v} value={v} label={VIEW_LABELS[v]} />
        ))}
      </Tabs>
      {view === 'scheduler' ? (
        <SchedulerTable key={family} family={family} latest={latest} />
      ) : (
        <SchedulerActivity family={family} period={view} />
      )}
    </Stack>
  );
}
