import { useState } from 'react';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SCREENSHOT_THUMBNAIL } from '@ed/contract/constants';
import type { ScreenShot } from '@ed/contract/commands';
import { errorMessage } from '../../../shared/api/http';
import { useNotice } from '../../../shared/components/notice-context';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { downloadFile, useDeleteScreenShot, useScreenShots } from '../../../shared/equipment/api/reports';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { ReportDialogFrame } from '../../../shared/equipment/components/report-dialog-frame';

const NO_SCREENSHOTS = 'NO SCREENSHOTS';

function ScreenShotItem({ shot, serialNumber }: { shot: ScreenShot; serialNumber: string }) {
  const { notify } = useNotice();
  const remove = useDeleteScreenShot(serialNumber);
  const [downloading, setDownloading] = useState(false);
  const taken = formatDateTime(shot.createdAt);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(shot.image, `${serialNumber}-${shot.id}.png`);
    } catch (error) {
      notify(errorMessage(error), 'error');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <ListItem divider>
      <img
        src={shot.thumbnail}
        alt={`Screen shot of ${serialNumber} taken ${taken}`}
        width={SCREENSHOT_THUMBNAIL.width}
        height={SCREENSHOT_THUMBNAIL.height}
        style={{ marginRight: 16, flexShrink: 0 }}
      />
      <ListItemText primary={taken} />
      <Stack direction="row">
        <TooltipIconButton
          label={`Download screen shot ${taken}`}
          tooltip="Download"
          loading={downloading}
          onClick={() => void download()}
        >
          <DownloadOutlined />
        </TooltipIconButton>
        <TooltipIconButton
          label={`Delete screen shot ${taken}`}
          tooltip="Delete"
          loading={remove.isPending}
          onClick={() => remove.mutate(shot.id, { onError: (error) => notify(errorMessage(error), 'error') })}
        >
          <DeleteOutline />
        </TooltipIconButton>
      </Stack>
    </ListItem>
  );
}

/** A unit's screen shots (part 1 §2): thumbnail, time taken, Download and Delete; 'NO SCREENSHOTS' when empty. */
export function ScreenShotsDialog({ serialNumber, onClose }: { serialNumber: string; onClose: () => void }) {
  const shots = useScreenShots(serialNumber);
  return (
    <ReportDialogFrame
      title={`Screen Shots of ${serialNumber}`}
      loading={shots.isPending}
      error={shots.error}
      onClose={onClose}
    >
      {shots.data?.length ? (
        <List aria-label="Screen shots">
          {shots.data.map((shot) => (
            <ScreenShotItem key={shot.id} shot={shot} serialNumber={serialNumber} />
          ))}
        </List>
      ) : (
        <Typography>{NO_SCREENSHOTS}</Typography>
      )}
    </ReportDialogFrame>
  );
}
