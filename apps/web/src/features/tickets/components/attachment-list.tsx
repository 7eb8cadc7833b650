import { useState } from 'react';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ButtonBase from '@mui/material/ButtonBase';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { ATTACHMENT_THUMBNAIL_WIDTH } from '@ed/contract/constants';
import type { Attachment } from '@ed/contract/tickets';
import { errorMessage } from '../../../shared/api/http';
import { useNotice } from '../../../shared/components/notice-context';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { downloadFile } from '../../../shared/equipment/api/reports';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { ImageOverlay } from './image-overlay';

const NO_ATTACHMENTS = 'NO ATTACHMENTS';
const NO_DESCRIPTION = 'no description';

function AttachmentItem({ attachment, onEnlarge }: { attachment: Attachment; onEnlarge: () => void }) {
  const { notify } = useNotice();
  const [downloading, setDownloading] = useState(false);
  const description = attachment.description || NO_DESCRIPTION;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(attachment.url, `attachment-${attachment.id}`);
    } catch (error) {
      notify(errorMessage(error), 'error');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <ListItem divider>
      <ButtonBase
        onClick={onEnlarge}
        aria-label={`Enlarge ${description}`}
        sx={{ mr: 2, flexShrink: 0, width: ATTACHMENT_THUMBNAIL_WIDTH }}
      >
        <img src={attachment.thumbnail} alt={description} width={ATTACHMENT_THUMBNAIL_WIDTH} />
      </ButtonBase>
      <ListItemText
        primary={description}
        secondary={`${attachment.authorUsername}, ${formatDateTime(attachment.createdAt)}`}
      />
      <TooltipIconButton
        label={`Download ${description}`}
        tooltip="Download"
        loading={downloading}
        onClick={() => void download()}
      >
        <DownloadOutlined />
      </TooltipIconButton>
    </ListItem>
  );
}

/** The Attachments tab: thumbnail (click to enlarge), description, creator, time and download. */
export function AttachmentList({ attachments }: { attachments: Attachment[] }) {
  const [enlarged, setEnlarged] = useState<Attachment | null>(null);
  if (attachments.length === 0) return <Typography>{NO_ATTACHMENTS}</Typography>;
  return (
    <>
      <List aria-label="Attachments">
        {attachments.map((a) => (
          <AttachmentItem key={a.id} attachment={a} onEnlarge={() => setEnlarged(a)} />
        ))}
      </List>
      {enlarged && (
        <ImageOverlay
          url={enlarged.url}
          title={enlarged.description || NO_DESCRIPTION}
          onClose={() => setEnlarged(null)}
        />
      )}
    </>
  );
}
