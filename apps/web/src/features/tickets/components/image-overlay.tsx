import { useEffect, useId, useState } from 'react';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { IMAGE_OVERLAY_WIDTH } from '@ed/contract/constants';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { fetchImage } from '../api/tickets';

/** The full image fetched with the bearer (an <img src> cannot send it), as an object URL. */
function useImageUrl(url: string): { src: string | null; error: string | null } {
  const [state, setState] = useState<{ src: string | null; error: string | null }>({ src: null, error: null });
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchImage(url, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, error: null });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ src: null, error: (error as Error).message });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}

/** Click to enlarge: the attachment at 1024 px wide (part 1 §9), closed by Escape or the close button. */
export function ImageOverlay({ url, title, onClose }: { url: string; title: string; onClose: () => void }) {
  const titleId = useId();
  const { src, error } = useImageUrl(url);
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: IMAGE_OVERLAY_WIDTH, maxWidth: '95vw' } } }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        {title}
        <TooltipIconButton label="Close" onClick={onClose}>
          <CloseOutlined />
        </TooltipIconButton>
      </DialogTitle>
      <Box sx={{ px: 2, pb: 2 }}>
        {error ? (
          <Alert severity="error">{error}</Alert>
        ) : src ? (
          <img src={src} alt={title} style={{ width: '100%', maxWidth: IMAGE_OVERLAY_WIDTH, display: 'block' }} />
        ) : (
          <CircularProgress aria-label="Loading the image" />
        )}
      </Box>
    </Dialog>
  );
}
