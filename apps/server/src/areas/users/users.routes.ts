import { usersRoutes } from '@ed/contract/routes/users';
import { routesOf } from '../../shared/route-table.js';

/** Users (part 2 §7): admin only on the server, as in the menu. No answer carries a password or hash. */
export default routesOf(usersRoutes, (app) => ({
  getUsers: async (req) => app.usersAdmin.list(req.query.filterUsername, req.query.page),
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
