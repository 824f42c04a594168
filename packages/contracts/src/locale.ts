import { z } from 'zod';

// Zod's own messages (wrong types, unknown enum values) in Portuguese, on the server and in the console alike.
z.config(z.locales.pt());
