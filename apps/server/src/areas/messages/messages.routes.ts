import multipart from '@fastify/multipart';
import { SERIAL_CSV_MAX_BYTES, type Message } from '@ed/contract/messages';
import { messagesRoutes } from '@ed/contract/routes/messages';
import { sendCsv, type CsvColumn } from '../../shared/csv-export.js';
import { badRequest, tooLarge, unsupportedMedia } from '../../shared/domain-error.js';
import { routesOf } from '../../shared/route-table.js';
import { parseSerialCsv } from './serial-csv.js';

/** The columns of a Messages tab (Actions aside), dates as ISO UTC. */
const MESSAGE_COLUMNS: CsvColumn<Message>[] = [
  { header: 'ID', value: (m) => m.id },
  { header: 'Header', value: (m) => m.header },
  // As the table shows it: a message to a saved view names the view, not a market.
  { header: 'Market', value: (m) => (m.targets.viewName ? `View: ${m.targets.viewName}` : m.targets.market) },
  { header: 'Start Date (UTC)', value: (m) => m.schedule.startDate },
  { header: 'End Date (UTC)', value: (m) => m.schedule.endDate },
];

/** The list's query, as parsed, in the repository's terms (the list and its export read it alike). */
const filterOf = (q: {
  filterDisposition: Message['disposition'];
  filterIssuerUsername?: string;
  invert: boolean;
}) => ({
  disposition: q.filterDisposition,
  issuerUsername: q.filterIssuerUsername || undefined,
  invert: q.invert,
});

/** Messaging (part 2 §7 Messages): admin and engineer, as in the menu. */
export default routesOf(messagesRoutes, async (app) => {
  await app.register(multipart, { limits: { fileSize: SERIAL_CSV_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  return {
    getMessages: async (req) => app.messages.list(filterOf(req.query), req.query.page),
    exportMessages: async (req, reply) =>
      sendCsv(reply, {
        fileName: `messages-${req.query.filterDisposition}.csv`,
        columns: MESSAGE_COLUMNS,
        source: app.messages.exportSource(filterOf(req.query)),
        logger: req.log,
      }),
    createMessage: async (req) => app.messages.create(req.session.user, req.body, app.clock()),
    updateMessage: async (req) => app.messages.update(req.session.user, req.body, app.clock()),
    deleteMessage: async (req) => app.messages.remove(req.session.user, req.body.id),
    uploadSerialNumbers: async (req) => {
      if (!req.isMultipart()) throw unsupportedMedia('Send the CSV file as multipart/form-data in the field "file".');
      const file = await req.file();
      if (!file || file.fieldname !== 'file')
        throw badRequest('Choose a CSV file to upload in the field "file".', 'file');
      if (!/\.csv$/i.test(file.filename))
        throw badRequest(`Only .csv files are accepted; ${file.filename} is not one.`, 'file');
      const content = await file.toBuffer().catch((err: unknown) => {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw tooLarge(`The file is larger than ${SERIAL_CSV_MAX_BYTES / 1024} KB.`);
        }
        throw err;
      });
      const report = parseSerialCsv(content);
      // The spec's client takes the bare list; the console asks for the report to say what was left out.
      return req.query.report ? report : report.serialNumbers;
    },
  };
});
