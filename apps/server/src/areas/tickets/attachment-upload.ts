import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_DESCRIPTION_MAX } from '@ed/contract/tickets';
import { hasControlCharacter } from '../../shared/control-characters.js';
import { badRequest, tooLarge, unsupportedMedia } from '../../shared/domain-error.js';

/**
 * Reads the multipart body {file, description} of an attachment upload, in either order. The file
 * is held in memory up to ATTACHMENT_MAX_MB (the multipart limit answers 413 beyond it).
 */
export async function readAttachmentUpload(
  req: FastifyRequest,
  maxMb: number,
): Promise<{ data: Buffer; description: string }> {
  if (!req.isMultipart())
    throw unsupportedMedia('Send the attachment as multipart/form-data with file and description.');
  let data: Buffer | undefined;
  let description = '';
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || data) {
        await part.toBuffer();
        throw badRequest('Send exactly one file, in the field "file".', 'file');
      }
      data = await part.toBuffer().catch((err: unknown) => {
        if (err instanceof Error && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE') {
          throw tooLarge(`The file is larger than ${maxMb} MB; attach a smaller image.`, 'file');
        }
        throw err;
      });
    } else if (part.fieldname === 'description') {
      description = String(part.value).trim();
    }
  }
  if (!data || data.length === 0) throw badRequest('Choose a file to attach.', 'file');
  // Multipart fields are read here, after the edge's check of parsed bodies: the same rule, applied by hand.
  if (hasControlCharacter(description, true)) {
    throw badRequest('description must not contain control characters', 'description');
  }
  if (description.length > ATTACHMENT_DESCRIPTION_MAX) {
    throw badRequest(`description is at most ${ATTACHMENT_DESCRIPTION_MAX} characters`, 'description');
  }
  return { data, description };
}
