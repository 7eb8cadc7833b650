import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { FAMILIES, familySchema, type Family } from '@ed/contract/families';
import { hasPermission } from '@ed/contract/permissions';
import { useSession } from '../../../shared/auth/use-session';
import { useLatestVersion } from '../api/software';
import { CreateUpdateDialog } from './create-update-dialog';
import { FamilyVersions } from './family-versions';
import { ReleaseKeysDialog } from './release-keys-dialog';
import { ScheduleDialog } from './schedule-dialog';

const TAB_LABELS: Record<Family, string> = {
  aligner: 'Aligners',
  gtps: 'Tru-Point',
  'aligner-oasis': 'Aligners-Oasis',
};
const CREATE_LABELS: Record<Family, string> = {
  aligner: 'Create Aligner Update',
  gtps: 'Create Tru-Point Update',
  'aligner-oasis': 'Create Oasis Update',
};

/** Software Versions (/SoftwareUpdates): a tab per family, deep-linked as ?family=. */
export function SoftwareVersionsPage() {
  const [params, setParams] = useSearchParams();
  const family = familySchema.catch('aligner').parse(params.get('family'));
  const session = useSession();
  const role = session?.user.role;
  const mayCreate = role ? hasPermission(role, 'software.createUpdate') : false;
  const maySchedule = role ? hasPermission(role, 'software.scheduleUpdates') : false;
  const mayReadKeys = role ? hasPermission(role, 'software.readReleaseKeys') : false;
  const mayRotate = role ? hasPermission(role, 'software.rotateReleaseRoot') : false;
  const [dialog, setDialog] = useState<'create' | 'schedule' | 'keys' | null>(null);
  const latestAligner = useLatestVersion('aligner').data?.semantic ?? null;

  return (
    <Stack spacing={2}>
      <Tabs value={family} onChange={(_, value: Family) => setParams({ family: value })} aria-label="Families">
        {FAMILIES.map((f) => (
          <Tab key={f} value={f} label={TAB_LABELS[f]} />
        ))}
      </Tabs>
      <Stack direction="row" spacing={1}>
        {mayCreate && (
          <Button variant="contained" onClick={() => setDialog('create')}>
            {CREATE_LABELS[family]}
          </Button>
        )}
        {maySchedule && family === 'aligner' && (
          <Button variant="outlined" onClick={() => setDialog('schedule')}>
            Schedule Aligner Updates
          </Button>
        )}
        {mayReadKeys && (
          <Button variant="text" onClick={() => setDialog('keys')}>
            Release Keys
          </Button>
        )}
      </Stack>
      <FamilyVersions family={family} />
      <CreateUpdateDialog
        family={family}
        title={CREATE_LABELS[family]}
        open={dialog === 'create'}
        onClose={() => setDialog(null)}
      />
      <ScheduleDialog open={dialog === 'schedule'} onClose={() => setDialog(null)} latest={latestAligner} />
      <ReleaseKeysDialog open={dialog === 'keys'} mayRotate={mayRotate} onClose={() => setDialog(null)} />
    </Stack>
  );
}
