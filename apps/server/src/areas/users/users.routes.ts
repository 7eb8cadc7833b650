import { usersRoutes } from '@ed/contract/routes/users';
import { ROLE_LABELS } from '@ed/contract/roles';
import type { User } from '@ed/contract/users';
import { sendCsv, type CsvColumn } from '../../shared/csv-export.js';
import { routesOf } from '../../shared/route-table.js';

/** The columns of the Users table (Actions aside); never a password or hash. */
const USER_COLUMNS: CsvColumn<User>[] = [
  { header: 'Username', value: (u) => u.username },
  { header: 'E-mail', value: (u) => u.email },
  { header: 'Role', value: (u) => ROLE_LABELS[u.role] },
  { header: 'Active', value: (u) => (u.active ? 'Yes' : 'No') },
];

/** Users (part 2 §7): admin only on the server, as in the menu. No answer carries a password or hash. */
export default routesOf(usersRoutes, (app) => ({
  getUsers: async (req) => app.usersAdmin.list(req.query.filterUsername, req.query.page),
  exportUsers: async (req, reply) =>
    sendCsv(reply, {
      fileName: 'users.csv',
      columns: USER_COLUMNS,
      source: app.usersAdmin.exportSource(req.query.filterUsername),
      logger: req.log,
    }),
  createUser: async (req) => {
    const user = await app.users.create(req.body);
    return { username: user.username, email: user.email, role: user.role, active: user.active };
  },
  updateUser: async (req) => {
    await app.usersAdmin.update(req.body);
    return { message: `User ${req.body.username} was updated.` };
  },
  deleteUser: async (req) => {
    await app.usersAdmin.remove(req.body.username);
    return { message: `User ${req.body.username} was deleted.` };
  },
}));
