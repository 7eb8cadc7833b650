import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { MESSAGE_TABS, type Message } from '@ed/contract/messages';
import { messagesRoutes } from '@ed/contract/routes/messages';
import { errorMessage } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth/use-session';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { ExportCsvButton } from '../../../shared/components/export-csv-button';
import { useNotice } from '../../../shared/components/notice-context';
import { messagesFilterOf, useDeleteMessage } from '../api/messages';
import { MessagePreviewDialog } from './message-preview-dialog';
import { MessageTable, type MessageActions } from './message-table';
import { MessageWizard } from './message-wizard';

/** The search parameter of the open tab, so each tab can be linked to. */
const TAB_PARAM = 'tab';

/** The Messaging screen (/Messaging): seven tabs, one per step of the disposition flow. */
export function MessagingPage() {
  const session = useSession();
  const { notify } = useNotice();
  const [params, setParams] = useSearchParams();
  const tab = MESSAGE_TABS.find((t) => t.key === params.get(TAB_PARAM)) ?? MESSAGE_TABS[0];
  const [editing, setEditing] = useState<Message | 'new' | null>(null);
  const [preview, setPreview] = useState<Message | null>(null);
  const [toDelete, setToDelete] = useState<Message | null>(null);
  const remove = useDeleteMessage();
  const actions = useMemo<MessageActions>(
    () => ({ onPreview: setPreview, onEdit: setEditing, onDelete: setToDelete }),
    [],
  );
  const username = session?.user.username ?? '';
  const exportQuery = useMemo(() => messagesFilterOf(tab, username), [tab, username]);
  if (!session) return null;

  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab.key}
          onChange={(_e, key: string) => setParams({ [TAB_PARAM]: key })}
          variant="scrollable"
          aria-label="Message lists"
        >
          {MESSAGE_TABS.map((t) => (
            <Tab
              key={t.key}
              value={t.key}
              label={t.label}
              id={`messages-tab-${t.key}`}
              aria-controls="messages-panel"
            />
          ))}
        </Tabs>
      </Box>
      <Box id="messages-panel" role="tabpanel" aria-labelledby={`messages-tab-${tab.key}`}>
        <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
          {tab.key === 'myDrafts' && (
            <Button variant="contained" onClick={() => setEditing('new')}>
              Create New Message
            </Button>
          )}
          <ExportCsvButton
            route={messagesRoutes.exportMessages}
            query={exportQuery}
            fileName={`messages-${tab.key}.csv`}
          />
        </Stack>
        <MessageTable
          key={tab.key}
          tab={tab}
          username={session.user.username}
          role={session.user.role}
          actions={actions}
        />
      </Box>
      {editing && <MessageWizard message={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {preview && <MessagePreviewDialog message={preview} onClose={() => setPreview(null)} />}
      {toDelete && (
        <ConfirmDialog
          title="Delete Message"
          text={`Are you sure you want to delete message ${toDelete.id}, "${toDelete.header}"?`}
          busy={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() =>
            remove.mutate(toDelete.id, {
              onSuccess: () => {
                notify(`Message ${toDelete.id} was deleted.`);
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
