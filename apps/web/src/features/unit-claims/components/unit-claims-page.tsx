import { useMemo, useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import BlockIcon from '@mui/icons-material/Block';
import type { GridColDef } from '@mui/x-data-grid';
import { PAGE_SIZE } from '@ed/contract/constants';
import { unitClaimsRoutes } from '@ed/contract/routes/unit-claims';
import { UNIT_CLAIM_STATUS_LABELS, type UnitClaim } from '@ed/contract/unit-claims';
import { errorMessage } from '../../../shared/api/http';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { ExportCsvButton } from '../../../shared/components/export-csv-button';
import { useNotice } from '../../../shared/components/notice-context';
import { ListScreen, ListToolbar } from '../../../shared/components/list-screen';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { formatUtc } from '../../../shared/lib/dates';
import { useListState } from '../../../shared/lib/use-list-state';
import { useDecideUnitClaim, useUnitClaims } from '../api/unit-claims';

/** The switch and page in the address: ?decided=1&page=2. */
const NO_FILTERS = { decided: '' };

const when = (iso: string | null) => (iso ? formatUtc(iso) : '');

interface Decision {
  claim: UnitClaim;
  approve: boolean;
}

/**
 * Unit Claims (/UnitClaims, admin): registrations of serial numbers that have a credential,
 * made without it. Approving gives the claimant the serial number; its present holder is then
 * refused. Most claims are a unit whose storage was replaced; an unknown address is a reason to refuse.
 */
export function UnitClaimsPage() {
  const { filters, page, setFilters, setPage } = useListState(NO_FILTERS);
  const showAll = filters.decided === '1';
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const { notify } = useNotice();
  const status = showAll ? 'all' : 'pending';
  const list = useUnitClaims(status);
  const decide = useDecideUnitClaim();
  const claims = list.data?.claims;

  const columns = useMemo<GridColDef<UnitClaim>[]>(
    () => [
      { field: 'serialNumber', headerName: 'Serial Number', minWidth: 120, flex: 1 },
      { field: 'requestedAt', headerName: 'Asked (UTC)', minWidth: 150, flex: 1, valueFormatter: when },
      { field: 'address', headerName: 'From', minWidth: 130, flex: 1 },
      { field: 'countryCode', headerName: 'Country', width: 90 },
      {
        field: 'credentialIssuedAt',
        headerName: 'Present Credential Since (UTC)',
        minWidth: 170,
        flex: 1,
        valueFormatter: when,
      },
      {
        field: 'status',
        headerName: 'Status',
        minWidth: 120,
        valueFormatter: (value: UnitClaim['status']) => UNIT_CLAIM_STATUS_LABELS[value],
      },
      { field: 'decidedBy', headerName: 'Decided By', minWidth: 110 },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 110,
        hideable: false,
        sortable: false,
        renderCell: ({ row }) =>
          row.status === 'pending' && (
            <>
              <TooltipIconButton
                label={`Approve the claim to ${row.serialNumber}`}
                onClick={() => setDeciding({ claim: row, approve: true })}
              >
                <CheckIcon />
              </TooltipIconButton>
              <TooltipIconButton
                label={`Refuse the claim to ${row.serialNumber}`}
                onClick={() => setDeciding({ claim: row, approve: false })}
              >
                <BlockIcon />
              </TooltipIconButton>
            </>
          ),
      },
    ],
    [],
  );

  const close = () => {
    decide.reset();
    setDeciding(null);
  };
  const toolbar = (
    <ListToolbar>
      <Typography variant="body2" sx={{ flex: 1 }}>
        {list.data ? `${list.data.pending} waiting for a decision` : ' '}
      </Typography>
      <FormControlLabel
        control={<Switch checked={showAll} onChange={(e) => setFilters({ decided: e.target.checked ? '1' : '' })} />}
        label="Show decided claims (30 days)"
      />
      <ExportCsvButton route={unitClaimsRoutes.exportClaims} query={{ status }} fileName="unit-claims.csv" />
    </ListToolbar>
  );
  return (
    <ListScreen
      toolbar={toolbar}
      list={list}
      label="Unit Claims"
      // Every claim comes in one answer: the pages are cut here.
      rows={claims?.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)}
      totalDocs={claims?.length}
      columns={columns}
      page={page}
      onPageChange={setPage}
    >
      {deciding && (
        <ConfirmDialog
          title={deciding.approve ? 'Approve Claim' : 'Refuse Claim'}
          text={
            deciding.approve
              ? `Give ${deciding.claim.serialNumber} to the unit at ${deciding.claim.address ?? 'an unknown address'}? ` +
                'The unit that holds it now will be refused from its next connection.'
              : `Refuse the claim to ${deciding.claim.serialNumber}? The unit that holds it keeps its credential.`
          }
          busy={decide.isPending}
          error={decide.error ? errorMessage(decide.error) : null}
          onConfirm={() =>
            decide.mutate(
              { id: deciding.claim.id, decision: deciding.approve ? 'approve' : 'refuse' },
              {
                onSuccess: ({ message }) => {
                  notify(message);
                  setDeciding(null);
                },
              },
            )
          }
          onClose={close}
        />
      )}
    </ListScreen>
  );
}
