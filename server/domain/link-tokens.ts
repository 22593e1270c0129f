/** Sign-in links from an invitation page start with this, so the magic-link page knows to accept the invitation too. */
export const INVITATION_LINK_PREFIX = 'mli_';
