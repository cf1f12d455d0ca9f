/**
 * The laboratory's messages to the pharmacies (spec §7): `GET /api/v1/messages` (the active ones, the
 * most pressing and newest first, each with the user's read state), `GET /api/v1/messages/{id}` (one
 * active message with its body) and `POST /api/v1/messages/{id}/read` (marks it read for the user; the
 * first time counts). A message outside its `starts_at`–`ends_at` window is a 404.
 */
import {
  type LabMessage,
  LabMessageResponseSchema,
  LabMessagesResponseSchema,
} from '@botica/api-client/schemas';
import { textExcerpt } from '@botica/domain';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { labMessageReads, labMessages } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { requireClient } from '../http/guards.ts';
import { output, pathId } from '../http/validation.ts';

/** The most messages the list returns (the laboratory keeps few active at once). */
export const MAX_ACTIVE_MESSAGES = 50;

const NOT_AVAILABLE = 'Este aviso no existe o ya no está publicado.';

/** Critical first, then warnings, then the rest. */
const severityRank = sql`case ${labMessages.severity} when 'critical' then 0 when 'warning' then 1 else 2 end`;

export function registerMessageRoutes(app: FastifyInstance, context: AppContext): void {
  /** Active messages with this user's read state; `id` narrows to one. */
  async function activeMessages(userId: number, id?: number): Promise<LabMessage[]> {
    const now = context.now();
    const rows = await context.db
      .select({ message: labMessages, readAt: labMessageReads.readAt })
      .from(labMessages)
      .leftJoin(
        labMessageReads,
        and(eq(labMessageReads.messageId, labMessages.id), eq(labMessageReads.userId, userId)),
      )
      .where(
        and(
          lte(labMessages.startsAt, now),
          gt(labMessages.endsAt, now),
          id === undefined ? undefined : eq(labMessages.id, id),
        ),
      )
      .orderBy(severityRank, desc(labMessages.startsAt), desc(labMessages.id))
      .limit(MAX_ACTIVE_MESSAGES);
    return rows.map(({ message, readAt }) => ({
      id: message.id,
      kind: message.kind,
      severity: message.severity,
      title: message.title,
      summary: textExcerpt(message.body),
      starts_at: message.startsAt.toISOString(),
      ends_at: message.endsAt.toISOString(),
      read_at: readAt ? readAt.toISOString() : null,
      body: message.body,
    }));
  }

  async function oneMessage(userId: number, rawId: unknown): Promise<LabMessage> {
    const [message] = await activeMessages(userId, pathId(rawId));
    if (!message) throw new HttpError(404, NOT_AVAILABLE);
    return message;
  }

  app.get('/api/v1/messages', async (request) => {
    const user = requireClient(request);
    const messages = await activeMessages(user.id);
    return output(LabMessagesResponseSchema, {
      data: messages.map(({ body: _body, ...summary }) => summary),
    });
  });

  app.get('/api/v1/messages/:id', async (request) => {
    const user = requireClient(request);
    const message = await oneMessage(user.id, (request.params as { id?: unknown }).id);
    return output(LabMessageResponseSchema, { data: message });
  });

  app.post('/api/v1/messages/:id/read', async (request) => {
    const user = requireClient(request);
    const message = await oneMessage(user.id, (request.params as { id?: unknown }).id);
    if (message.read_at === null) {
      const now = context.now();
      await context.db
        .insert(labMessageReads)
        .values({ messageId: message.id, userId: user.id, readAt: now })
        .onConflictDoNothing();
      const [read] = await context.db
        .select({ readAt: labMessageReads.readAt })
        .from(labMessageReads)
        .where(and(eq(labMessageReads.messageId, message.id), eq(labMessageReads.userId, user.id)));
      message.read_at = (read?.readAt ?? now).toISOString();
    }
    return output(LabMessageResponseSchema, { data: message });
  });
}
