import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { toString as qrCodeSvg } from 'qrcode';

const SIZE = 200;

/** `text` as a QR code: an SVG image drawn here, so the secret inside never leaves the page. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [drawn, setDrawn] = useState<{ text: string; svg: string } | null>(null);
  useEffect(() => {
    let mounted = true;
    qrCodeSvg(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(
      (svg) => mounted && setDrawn({ text, svg }),
      () => mounted && setDrawn(null),
    );
    return () => {
      mounted = false;
    };
  }, [text]);
  if (drawn?.text !== text) return <Box sx={{ width: SIZE, height: SIZE }} aria-hidden />;
  return (
    <Box
      component="img"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn.svg)}`}
      alt={label}
      width={SIZE}
      height={SIZE}
      sx={{ bgcolor: 'common.white', display: 'block' }}
    />
  );
}
