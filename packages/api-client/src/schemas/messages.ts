/**
 * The laboratory's messages to the pharmacies (`GET /api/v1/messages`, `/messages/{id}`):
 * holiday closures, price changes, recalls, shown on the home page while active, each with its read
 * state for the logged-in user; `POST /api/v1/messages/{id}/read` (an addition of this contract)
 * marks one read. Bodies are plain text, paragraphs separated by a blank line (never HTML).
 */
import { LAB_MESSAGE_KINDS, LAB_MESSAGE_SEVERITIES } from '@botica/domain';
import * as z from 'zod/mini';
import { DateTimeSchema, dataList, dataOf, IdSchema } from './common.ts';

/** What a message is about: recall, holiday, prices, general. */
export const LabMessageKindSchema = z.enum(LAB_MESSAGE_KINDS as ['recall', 'holiday', 'prices', 'general']);
/** How pressing a message is: info, warning, critical. */
export const LabMessageSeveritySchema = z.enum(LAB_MESSAGE_SEVERITIES as ['info', 'warning', 'critical']);

/** A message as the list carries it: without the body, with a summary of it. */
export const LabMessageSummarySchema = z.object({
  id: IdSchema,
  kind: LabMessageKindSchema,
  severity: LabMessageSeveritySchema,
  title: z.string(),
  /** The body's first paragraph, cut short. */
  summary: z.string(),
  /** Shown from (included). */
  starts_at: DateTimeSchema,
  /** Shown until (excluded). */
  ends_at: DateTimeSchema,
  /** When the logged-in user first opened it; null while unread. */
  read_at: z.nullable(DateTimeSchema),
});
export type LabMessageSummary = z.infer<typeof LabMessageSummarySchema>;

/** A whole message: the summary's fields and the plain-text body. */
export const LabMessageSchema = z.object({
  ...LabMessageSummarySchema.shape,
  /** Plain text; paragraphs are separated by a blank line (`textParagraphs` of @botica/domain). */
  body: z.string(),
});
export type LabMessage = z.infer<typeof LabMessageSchema>;

/** `GET /api/v1/messages`: the active messages, the most pressing and newest first. */
export const LabMessagesResponseSchema = dataList(LabMessageSummarySchema);
export type LabMessagesResponse = z.infer<typeof LabMessagesResponseSchema>;

/** `GET /api/v1/messages/{id}` and `POST .../read`: one active message (404 once it has ended). */
export const LabMessageResponseSchema = dataOf(LabMessageSchema);
export type LabMessageResponse = z.infer<typeof LabMessageResponseSchema>;
