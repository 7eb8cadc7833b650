import { hasPermission } from '@ed/contract/permissions';
import { useId, useState } from 'react';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { countOf } from '@ed/contract/count-text';
import type { SessionUser } from '@ed/contract/roles';
import { describeFilter, type SavedView } from '@ed/contract/saved-views';
import { errorMessage } from '../../../shared/api/http';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { useNotice } from '../../../shared/components/notice-context';
import { useSavedViews } from '../../../shared/equipment/api/saved-views';
import { useDeleteSavedView } from '../api/saved-views';

const mayDelete = (view: SavedView, user: SessionUser) =>
  view.owner === user.username || hasPermission(user.role, 'users.manage');

const detailsOf = (view: SavedView) =>
  [describeFilter(view.filter), countOf(view.members, 'unit'), view.owner, view.shared ? 'shared' : null]
    .filter(Boolean)
    .join(' · ');

/**
 * Saved views: the caller's and the shared ones, with the units matching now; choosing one puts
 * its filters in the list. Their owner, or an admin, may delete one.
 */
export function SavedViewsMenu({ user, onApply }: { user: SessionUser; onApply: (view: SavedView) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [toDelete, setToDelete] = useState<SavedView | null>(null);
  const views = useSavedViews(anchor !== null);
  const remove = useDeleteSavedView();
  const { notify } = useNotice();
  const popoverId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        variant="outlined"
        aria-haspopup="true"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? popoverId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Saved views
      </Button>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { minWidth: 320, maxWidth: 480 } } }}
      >
        {views.isPending && <LinearProgress aria-label="Loading the saved views" />}
        {views.isError && <Typography sx={{ p: 2 }}>{errorMessage(views.error)}</Typography>}
        {views.data?.length === 0 && <Typography sx={{ p: 2 }}>No saved views yet.</Typography>}
        {views.data && views.data.length > 0 && (
          <List aria-label="Saved views" dense>
            {views.data.map((view) => (
              <ListItem
                key={view.id}
                disablePadding
                secondaryAction={
                  mayDelete(view, user) && (
                    <IconButton edge="end" aria-label={`Delete ${view.name}`} onClick={() => setToDelete(view)}>
                      <DeleteOutlined />
                    </IconButton>
                  )
                }
              >
                <ListItemButton
                  onClick={() => {
                    onApply(view);
                    close();
                  }}
                >
                  <ListItemText primary={view.name} secondary={detailsOf(view)} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
      {toDelete && (
        <ConfirmDialog
          title="Delete saved view"
          text={`Delete the saved view ${toDelete.name}?`}
          busy={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          onConfirm={() =>
            remove.mutate(toDelete.id, {
              onSuccess: () => {
                notify(`Saved view ${toDelete.name} deleted.`);
                setToDelete(null);
              },
            })
          }
          onClose={() => {
            remove.reset();
            setToDelete(null);
          }}
        />
      )}
    </>
  );
}
