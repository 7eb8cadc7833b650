import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { flagUrl } from '@ed/contract/constants';

/** The flag of a country code, its code as tooltip and alternative text; 'unknown' without one. */
export function CountryFlag({ countryCode }: { countryCode: string | null | undefined }) {
  if (!countryCode) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        unknown
      </Typography>
    );
  }
  return (
    <Tooltip title={countryCode}>
      <img src={flagUrl(countryCode)} alt={countryCode} width={24} height={18} style={{ verticalAlign: 'middle' }} />
    </Tooltip>
  );
}
