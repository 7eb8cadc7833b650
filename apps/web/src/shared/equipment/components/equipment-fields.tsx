import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Equipment } from '@ed/contract/equipment';
import { unitRules } from '@ed/contract/permissions';
import { connectionTexts, monthYearText, offsetText, UNKNOWN, unitLocalTime, yesNo } from '../lib/equipment-text';
import { VersionChip } from './version-chip';

/** One labelled fact: a term and its description, so assistive technology reads them as a pair. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/** A titled part of a unit's facts, named for assistive technology by its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function FieldList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Section title={title}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {children}
      </Box>
    </Section>
  );
}

/** The unit's clock, ticking once a second. */
function LocalTime({ offset }: { offset: number | null | undefined }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <>{unitLocalTime(offset, now)}</>;
}

const or = (value: string | number | null | undefined) => (value === null || value === undefined ? UNKNOWN : value);

/** Software, hardware and connection facts of the equipment detail (part 1 §2), each shown per its gate (§6). */
export function EquipmentFields({ unit, latest }: { unit: Equipment; latest: string | null }) {
  const connection = connectionTexts(unit);
  return (
    <>
      <FieldList title="Software">
        <Field label="Software Version">
          <VersionChip version={unit.version?.semantic} latest={latest} />
        </Field>
        <Field label="Software Ready to Download">{unit.pendingSoftwareDownload ?? 'NONE'}</Field>
        {unitRules.specsDisplay(unit) && (
          <>
            <Field label="Specs Version">{unit.specs?.name ?? UNKNOWN}</Field>
            <Field label="Specs Expiration">{monthYearText(unit.specsExpiration)}</Field>
          </>
        )}
        <Field label="Logging Level">{or(unit.logLevel)}</Field>
      </FieldList>
      <FieldList title="Hardware">
        <Field label="System Class">{or(unit.systemClass)}</Field>
        <Field label="Board Class">{or(unit.boardClass)}</Field>
        {unitRules.boardFeatures(unit) && (
          <>
            <Field label="Camera Count">{or(unit.boardFeatures?.numCameras)}</Field>
            <Field label="Accelerometer Count">{or(unit.boardFeatures?.numAccel)}</Field>
            <Field label="DD Enabled">{unit.boardFeatures ? yesNo(unit.boardFeatures.isDDAligner) : UNKNOWN}</Field>
          </>
        )}
      </FieldList>
      <FieldList title="Connection">
        <Field label="Connection Count">{unit.connectCount}</Field>
        <Field label="Connected">{yesNo(unit.connected)}</Field>
        <Field label="Remote Port">{connection.port}</Field>
        <Field label="Address">{connection.address}</Field>
        <Field label="Current Procedure">{connection.procedure}</Field>
      </FieldList>
      <GeolocationFields unit={unit} withLocalTime />
    </>
  );
}

/** Where the unit is, from its address (part 1 §2); the radar card leaves out the local time. */
export function GeolocationFields({ unit, withLocalTime = false }: { unit: Equipment; withLocalTime?: boolean }) {
  const geo = unit.geolocation;
  return (
    <FieldList title="Geolocation">
      <Field label="Continent">{or(geo?.continent_name)}</Field>
      <Field label="Country">{or(geo?.country_name)}</Field>
      <Field label="Region">{or(geo?.region)}</Field>
      <Field label="City">{or(geo?.city)}</Field>
      <Field label="Time Zone Name">{or(geo?.time_zone.name)}</Field>
      <Field label="Offset">{offsetText(geo?.time_zone.offset)}</Field>
      {withLocalTime && (
        <Field label="Local Time">
          <LocalTime offset={geo?.time_zone.offset} />
        </Field>
      )}
    </FieldList>
  );
}
