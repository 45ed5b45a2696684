/**
 * Sign-up (function 'account', public): the shop creates the Cognito account on the server, so the
 * answer never tells whether an address already has one.
 */
import type { SignupBody, SignupConfirmBody, SignupResendBody } from '../schemas/signup';
import { route } from './route';

/**
 * POST /api/signup: 202 `{ accepted: true }` for a new address and for a known one alike; the
 * next step is the code sent by email (a known address gets an email saying someone tried to
 * register with it, with the link to reset the password).
 */
export interface SignupAcceptedDto {
  accepted: true;
}

/** POST /api/signup/confirm: 200 once the code matched; the account then signs in with its password. */
export interface SignupConfirmedDto {
  confirmed: true;
}

export const SIGNUP_API = {
  signup: route<SignupAcceptedDto, SignupBody>({
    method: 'POST',
    path: '/api/signup',
    fn: 'account',
    access: 'public',
    summary: 'Create an account (same answer for a known address; 20 an hour per IP)',
  }),
  signupConfirm: route<SignupConfirmedDto, SignupConfirmBody>({
    method: 'POST',
    path: '/api/signup/confirm',
    fn: 'account',
    access: 'public',
    summary: 'Confirm a sign-up with its emailed code; sets the password',
  }),
  signupResend: route<SignupAcceptedDto, SignupResendBody>({
    method: 'POST',
    path: '/api/signup/resend',
    fn: 'account',
    access: 'public',
    summary: 'Send a pending sign-up a new code (same answer for any address)',
  }),
} as const;
