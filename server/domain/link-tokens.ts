/** Sign-in links from an invitation page start with this, so the magic-link page knows to accept the invitation too. */
export const INVITATION_LINK_PREFIX = 'mli_';

/** How long an emailed sign-in link works (the mail and the sign-in page say so). */
export const MAGIC_LINK_TTL_MINUTES = 15;

/** How long a sign-in link from an invitation page works (the mail and the invitation page say so). */
export const INVITATION_LINK_TTL_MINUTES = 15;
