import { secondFactorRoutes } from '@ed/contract/routes/second-factor';
import { routesOf } from '../../shared/route-table.js';

/** Second factors: the second step of a sign-in, one's own enrolment, and an administrator's reset. */
export default routesOf(secondFactorRoutes, (app) => ({
  signInWithCode: async (req, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(await app.secondFactors.signInWithCode(req.body.mfa_token, req.body.code)),
  passkeySignInOptions: async (req) => app.secondFactors.passkeySignInOptions(req.body.mfa_token),
  signInWithPasskey: async (req, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(await app.secondFactors.signInWithPasskey(req.body.mfa_token, req.body.response)),
  getSecondFactors: async (req) => app.secondFactors.list(req.session),
  startTotp: async (req) => app.secondFactors.startTotp(req.session, req.body.name),
  confirmTotp: async (req) => app.secondFactors.confirmTotp(req.session, req.body.id, req.body.code),
  passkeyEnrolOptions: async (req) => app.secondFactors.passkeyEnrolOptions(req.session),
  addPasskey: async (req) => app.secondFactors.addPasskey(req.session, req.body.name, req.body.response),
  deleteFactor: async (req) => {
    await app.secondFactors.deleteFactor(req.session, req.body.id);
    return { message: 'Second factor removed.' };
  },
  newRecoveryCodes: async (req) => ({ recoveryCodes: await app.secondFactors.newRecoveryCodes(req.session) }),
  resetUserFactors: async (req) => {
    const removed = await app.secondFactors.resetUser(req.body.username);
    return {
      message: `${req.body.username}’s second factors were removed (${removed}) and their sessions ended: they enrol again at their next sign-in.`,
    };
  },
}));
