import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpoints } from './webhook-endpoints';

/**
 * Webhooks (/Webhooks, admin): the endpoints the console posts chosen events to, signed, and the
 * log of what it sent them in the last 30 days. The Screen frame shows it to admins only, as the
 * server answers the calls to admins only.
 */
export function WebhooksPage() {
  return (
    <>
      <Box component="section" aria-labelledby="webhook-endpoints" sx={{ mb: 4 }}>
        <Typography id="webhook-endpoints" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          Endpoints
        </Typography>
        <WebhookEndpoints />
      </Box>
      <Box component="section" aria-labelledby="webhook-deliveries">
        <Typography id="webhook-deliveries" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          Deliveries
        </Typography>
        <WebhookDeliveries />
      </Box>
    </>
  );
}
