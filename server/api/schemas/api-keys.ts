// Imported by the router and by the settings form, which checks a new key's name with it before sending it.
import { z } from 'zod';

export const CreateApiKeyInput = z.object({ name: z.string().trim().min(1).max(100) });
