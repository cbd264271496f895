import { z } from "zod";

const text = z.string();
/** The spec says `code` is the string form of a number; some deployments send the number itself. */
const code = z.union([z.string(), z.number()]).transform((value) => String(value).trim());

/**
 * The enquiry response (spec section 2). Unknown fields are tolerated (zod strips them) because
 * providers add fields without notice; the fields we rely on are checked strictly.
 */
export const enquiryResponseSchema = z.object({
  code,
  reqTransactionID: text,
  status: text,
  transactionID: text,
  transaction: z.object({
    status: text.min(1),
    message: text.nullish(),
    mnoTransactionID: z.union([text, z.number().transform(String)]).nullish(),
  }),
});

export type EnquiryResponse = z.output<typeof enquiryResponseSchema>;

/**
 * The loose shape of an answer that may say "not found" (a 404 body, or a 200 that reports an
 * unknown ID), checked before the strict schema since such answers often lack `transaction`.
 */
export const looseAnswerSchema = z.object({
  code: z.union([z.string(), z.number()]).optional(),
  status: z.string().optional(),
  message: z.string().optional(),
  transaction: z.object({ status: z.string().optional(), message: z.string().nullish() }).nullish(),
});
