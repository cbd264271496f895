/**
 * The token `npm run sandbox` accepts by default, as the README gives it. It is shaped like the
 * provider's (a JWT) so that a bot pointed at the sandbox behaves as in production, reading its
 * expiry without a warning: {"alg":"HS256","typ":"JWT"}.{"sub":"sandbox","exp":4102444800}, that
 * is 1 January 2100, and a signature nobody checks. It opens nothing but the sandbox.
 */
export const SANDBOX_TOKEN = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJzYW5kYm94IiwiZXhwIjo0MTAyNDQ0ODAwfQ.c2FuZGJveC1ub3Qtc2lnbmVk";
