/**
 * Sign-up (function 'account', public): the shop creates the Cognito account on the server, so the
 * answer never tells whether an address already has one.
 */
import type { SignupBody } from '../schemas/signup';
import { route } from './route';

/**
 * POST /api/signup: 202 `{ accepted: true }` for a new address and for a known one alike; the
 * next step is the code sent by email (a known address gets an email saying someone tried to
 * register with it, with the link to reset the password).
 */
export interface SignupAcceptedDto {
  accepted: true;
}

export const SIGNUP_API = {
  signup: route<SignupAcceptedDto, SignupBody>({
    method: 'POST',
    path: '/api/signup',
    fn: 'account',
    access: 'public',
    summary: 'Create an account (same answer for a known address; 20 an hour per IP)',
  }),
} as const;
