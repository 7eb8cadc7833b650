import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { Family } from '@ed/contract/families';
import { hasPermission } from '@ed/contract/permissions';
import { compareVersions } from '@ed/contract/versions';
import { useSession } from '../../../shared/auth/use-session';
import { newRolloutPath } from '../../../shared/lib/app-links';
import { useInstalledVersions, useLatestVersion, useStagedTotals } from '../api/software';

function Panel({ title, figure, children }: { title: string; figure: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 320 }} component="section" aria-label={title}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      <Typography variant="h4" component="p" sx={{ my: 1 }}>
        {figure}
      </Typography>
      {children}
    </Paper>
  );
}

/** Columns by version; the label carries the figures for those who cannot see the chart. */
function VersionColumns({
  data,
  label,
  log,
}: {
  data: { version: string; total: number }[];
  label: string;
  log?: boolean;
}) {
  if (data.length === 0) return <Typography color="text.secondary">None</Typography>;
  return (
    <Box role="img" aria-label={`${label}: ${data.map((d) => `${d.version} ${d.total}`).join(', ')}`}>
      <BarChart
        height={260}
        xAxis={[{ scaleType: 'band', data: data.map((d) => d.version) }]}
        yAxis={[log ? { scaleType: 'symlog' } : { tickMinStep: 1 }]}
        series={[{ data: data.map((d) => d.total), label }]}
        hideLegend
        aria-hidden
      />
    </Box>
  );
}

/** One family's tab of Software Versions (part 2 §2): latest, staged updates and installed versions. */
export function FamilyVersions({ family }: { family: Family }) {
  const latest = useLatestVersion(family).data ?? null;
  const role = useSession()?.user.role;
  const mayRollOut = role ? hasPermission(role, 'rollouts.manage') : false;
  const staged = useStagedTotals(family).data;
  const installed = useInstalledVersions(family).data ?? [];
  const total = installed.reduce((sum, v) => sum + v.total, 0);
  const atLatest = latest ? (installed.find((v) => v.version === latest.semantic)?.total ?? 0) : 0;
  const charted = installed.filter((v) => v.total > 1);
  if (family !== 'aligner') charted.sort((a, b) => compareVersions(a.version, b.version));
  const stagedData = Object.entries(staged?.versions ?? {})
    .map(([version, n]) => ({ version, total: n }))
    .sort((a, b) => compareVersions(a.version, b.version));
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h2">
          Latest: {latest ? `${latest.semantic}${latest.meta ? ` ${latest.meta}` : ''}` : 'none published'}
        </Typography>
        {latest && mayRollOut && (
          // A rollout of the published version, in waves (the Rollouts screen's create wizard).
          <Button variant="outlined" component={RouterLink} to={newRolloutPath({ family, version: latest.semantic })}>
            {`Roll out ${latest.semantic}`}
          </Button>
        )}
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Panel title="Staged Updates" figure={`${staged?.total ?? 0} ready to download`}>
          <VersionColumns data={stagedData} label="Units with the version staged" />
        </Panel>
        <Panel title="Installed Versions" figure={`${atLatest}/${total}`}>
          <VersionColumns data={charted} label="Units per installed version" log />
        </Panel>
      </Stack>
    </Stack>
  );
}
