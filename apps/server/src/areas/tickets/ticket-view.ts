import type { Attachment, Comment, TicketHistoryItem, TicketSummary } from '@ed/contract/tickets';
import type { AttachmentRow, CommentRow, TicketRow, TicketWithCounts } from './tickets.repository.js';

const attachmentUrl = (id: number) => `/api/v1/get_ticket_attachment?id=${id}`;

/** The names an attachment and its thumbnail download as (part 1 §3 `fileName`, `thumbFileName`). */
export function attachmentFileNames(row: Pick<AttachmentRow, 'id' | 'ticketId' | 'mimeType'>) {
  const ext = row.mimeType === 'image/png' ? 'png' : 'jpg';
  const base = `ticket-${row.ticketId}-attachment-${row.id}`;
  return { fileName: `${base}.${ext}`, thumbFileName: `${base}-thumb.${ext}` };
}

function describe(row: TicketRow) {
  return {
    id: row.id,
    serialNumber: row.serialNumber,
    version: row.version,
    specs: row.specs,
    connected: row.connected,
    family: row.family,
    model: row.model,
    status: row.closed ? ('closed' as const) : ('open' as const),
    closed: row.closed,
    escalated: row.escalated,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    closedByUsername: row.closedByUsername,
    techOnSite: row.techOnSite,
    exhibitingNow: row.exhibitingNow,
    reproducible: row.reproducible,
    disposition: row.disposition,
    inService: row.inService,
    componentsReplaced: row.componentsReplaced,
    description: row.description,
    circumstance: row.circumstance,
    attemptedResolution: row.attemptedResolution,
    environment: row.environment,
    other: row.other,
    issueStartedOn: row.issueStartedOn,
  };
}

export function toTicketSummary(row: TicketWithCounts): TicketSummary {
  return {
    ...describe(row),
    issuerUsername: row.issuerUsername,
    issuerEmail: row.issuerEmail,
    originatorName: row.originatorName,
    originatorEmail: row.originatorEmail,
    commentCount: row.commentCount,
    attachmentCount: row.attachmentCount,
  };
}

/** History items name the people as part 1 §3 does: openedBy, callerName, callerEmail. */
export function toHistoryItem(row: TicketRow, comments: Comment[]): TicketHistoryItem {
  return {
    ...describe(row),
    openedBy: row.issuerUsername,
    callerName: row.originatorName,
    callerEmail: row.originatorEmail,
    comments,
  };
}

export function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    ticketId: row.ticketId,
    authorUsername: row.authorUsername,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAttachment(row: AttachmentRow, thumbnail: Buffer): Attachment {
  return {
    id: row.id,
    ticketId: row.ticketId,
    authorUsername: row.authorUsername,
    description: row.description,
    mimeType: row.mimeType,
    size: row.size,
    width: row.width,
    height: row.height,
    thumbnail: `data:${row.mimeType};base64,${thumbnail.toString('base64')}`,
    url: attachmentUrl(row.id),
    ...attachmentFileNames(row),
    createdAt: row.createdAt.toISOString(),
  };
}
