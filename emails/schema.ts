import { z } from 'zod';

/** Links in mail must be web links: a `javascript:` or `data:` href would be a trap for the reader. */
export const webUrl = () => z.url({ protocol: /^https?$/ });
