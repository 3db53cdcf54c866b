import { z } from 'zod';

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every API answer: `{ succeeded, message, data }`, plus `errors` on validation failures. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    succeeded: z.boolean(),
    message: z.string().nullable(),
    data: data.nullable(),
    errors: z.array(fieldErrorSchema).optional(),
  });
}

export interface Envelope<T> {
  succeeded: boolean;
  message: string | null;
  data: T | null;
  errors?: FieldError[];
}
