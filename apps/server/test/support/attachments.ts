import sharp from 'sharp';

/**
 * A PNG of `bytes` bytes in all: a small image followed by padding, which decoders ignore. The
 * server takes it as the image it is and stores every byte, so the size of a write is the test's
 * to choose without megapixels to decode.
 */
export async function paddedPng(bytes: number): Promise<Buffer> {
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1565c0' } })
    .png()
    .toBuffer();
  return Buffer.concat([image, Buffer.alloc(Math.max(0, bytes - image.length), 0x5a)]);
}

/** The body of POST /create/ticket/v1 for `serialNumber`, opened by `username`. */
export const newTicket = (serialNumber: string, username: string) => ({
  issuerUsername: username,
  serialNumber,
  originatorName: 'Pat Caller',
  originatorEmail: 'pat@shop.example',
  techOnSite: true,
  disposition: 'Owned Aligner',
  description: 'Cameras lose the targets',
  version: { semantic: '9.9.9', meta: null },
  escalated: false,
});

/** The query string of an attachment upload to `ticketId` by `username`. */
export const attachmentUrl = (ticketId: number, username: string) =>
  `/upload_ticket_attachment?ticketId=${ticketId}&authorUsername=${username}`;
