import { z } from 'zod';

/** Every response body: business outcome in `status`, message in the request's language in `desc`. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), desc: z.string(), data: data.nullable() });

export type Envelope<T> = { status: number; desc: string; data: T | null };

/** The query every call carries (SPEC §7). `lang` falls back to en_US when absent or unknown. */
export const commonQuerySchema = z.object({
  lang: z.string().optional(),
  df_id: z.string().optional(),
});
