import { OkAnswer } from '../schemas/common';
import {
  AuthAnswerSchema,
  ForgetPasswordBodySchema,
  LoginAnswerSchema,
  LoginBodySchema,
  SessionCheckAnswerSchema,
  SignupBodySchema,
} from '../schemas/auth';
import { endpoint } from './define';

export const authEndpoints = {
  authLogin: endpoint({ method: 'POST', path: '/auth/login', access: 'public', body: LoginBodySchema, response: LoginAnswerSchema }),
  // Public so that it never fails: without a valid token it answers {authenticated: false}.
  authSessionCheck: endpoint({ method: 'GET', path: '/auth/login', access: 'public', response: SessionCheckAnswerSchema }),
  authLogout: endpoint({ method: 'POST', path: '/auth/logout', access: 'session', response: OkAnswer }),
  // A new member: recorded in the change history (member category) though the caller has no session yet.
  authSignup: endpoint({
    method: 'POST',
    path: '/auth/signup',
    access: 'public',
    body: SignupBodySchema,
    response: AuthAnswerSchema,
    changes: 'member',
  }),
  authForgetPassword: endpoint({
    method: 'POST',
    path: '/auth/forget/password',
    access: 'public',
    body: ForgetPasswordBodySchema,
    response: AuthAnswerSchema,
  }),
};
