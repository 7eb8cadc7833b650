import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import type { Equipment } from '@ed/contract/equipment';
import { unitRules } from '@ed/contract/permissions';
import { describeSerialNumber } from '@ed/contract/serial-number';
import { FavoriteToggle } from '../../../shared/equipment/components/favorite-toggle';
import { Field, FieldList, GeolocationFields, Section } from '../../../shared/equipment/components/equipment-fields';
import { OpenTicketsBadge } from '../../../shared/equipment/components/open-tickets-badge';
import { UpdateCommands } from '../../../shared/equipment/components/update-commands';
import { UpdateStatus } from '../../../shared/equipment/components/update-status';
import { VersionChip } from '../../../shared/equipment/components/version-chip';
import { detailSearch } from '../../../shared/equipment/lib/detail-param';
import { connectionTexts, yesNo } from '../../../shared/equipment/lib/equipment-text';

/** One favorite on My Radar (part 1 §2): what the unit runs, its connection and place, and its update progress. */
export function RadarCard({ unit, latest }: { unit: Equipment; latest: string | null }) {
  const connection = connectionTexts(unit);
  const titleId = `radar-card-${unit.serialNumber}`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <CardHeader
        title={
          <Link id={titleId} component={RouterLink} to={detailSearch(unit.serialNumber)} variant="h6" underline="hover">
            {unit.serialNumber}
          </Link>
        }
        subheader={describeSerialNumber(unit.serialNumber)}
        action={
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <OpenTicketsBadge count={unit.openSupportTickets} />
            <FavoriteToggle unit={{ serialNumber: unit.serialNumber, favorite: true }} />
          </Box>
        }
        sx={{ pb: 0 }}
      />
      <CardContent>
        <FieldList title="Unit">
          <Field label="Software Version">
            <VersionChip version={unit.version?.semantic} latest={latest} />
          </Field>
          <Field label="Software Download Pending">{unit.pendingSoftwareDownload ?? 'None'}</Field>
          <Field label="Connection Count">{unit.connectCount}</Field>
          <Field label="Connected">{yesNo(unit.connected)}</Field>
          <Field label="Port">{connection.port}</Field>
          <Field label="Address">{connection.address}</Field>
          <Field label="Current Procedure">{connection.procedure}</Field>
        </FieldList>
        <GeolocationFields unit={unit} />
        {unitRules.updateStatus(unit) && (
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Section title="System Update Status">
              <UpdateStatus updateState={unit.updateState} />
            </Section>
            <UpdateCommands unit={unit} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
