/**
 * The webinars: the agenda (upcoming, public) and the history (past, for
 * pharmacists), one webinar with what its reader may see, and the signup. A signup is confirmed by
 * e-mail with a calendar invitation, and its cancellation by one that takes the event out again.
 */
import type { Webinar, WebinarDetail, WebinarsResponse } from '@botica/api-client/schemas';
import { webinarEnd, webinarPhase } from '@botica/domain';
import { sql } from 'drizzle-orm';
import { type AppContext, type CoreContext, inTransaction } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { pageMeta } from '../http/page-meta.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { DEFAULT_PER_PAGE, webinarMaterials } from './library-service.ts';
import { webinarCancellationMail, webinarSignupMail } from './signup-message.ts';

interface WebinarRow {
  id: number;
  title: string;
  topic: string;
  summary: string;
  description: string[];
  speaker_name: string;
  speaker_title: string;
  starts_at: Date | string;
  duration_minutes: number;
  join_url: string;
  recording_url: string | null;
  version: number;
  is_signed_up: boolean;
}

const WEBINAR_COLUMNS = sql`w.id, w.title, w.topic, w.summary, w.description, w.speaker_name, w.speaker_title,
  w.starts_at, w.duration_minutes, w.join_url, w.recording_url, w.version`;

/** `is_signed_up` of the user (false for nobody). */
function signedUpColumn(userId: number | null) {
  return userId === null
    ? sql`false as is_signed_up`
    : sql`exists (select 1 from webinar_signups s where s.webinar_id = w.id and s.user_id = ${userId}) as is_signed_up`;
}

interface WebinarExtras {
  products: Map<number, Webinar['products']>;
  materials: Map<number, Webinar['materials']>;
}

/** The products and (for a pharmacist) the materials of some webinars. */
async function webinarExtras(
  context: CoreContext,
  ids: readonly number[],
  withMaterials: boolean,
): Promise<WebinarExtras> {
  const products = new Map<number, Webinar['products']>();
  if (ids.length === 0) return { products, materials: new Map() };
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  // Reads the catalogue's products: the names of a webinar's active products.
  const productRows = await selectRows<{ webinar_id: number; id: number; name: string; reference: string }>(
    context.db,
    sql`select wp.webinar_id, p.id, p.name, p.reference from webinar_products wp join products p on p.id = wp.product_id
        where wp.webinar_id in (${list}) and p.is_active order by wp.position, p.id`,
  );
  for (const row of productRows) {
    const items = products.get(row.webinar_id) ?? [];
    items.push({ id: row.id, name: row.name, reference: row.reference });
    products.set(row.webinar_id, items);
  }
  const materials = withMaterials
    ? await webinarMaterials(context, ids)
    : new Map<number, Webinar['materials']>();
  return { products, materials };
}

function webinarBody(row: WebinarRow, now: Date, isClient: boolean, extras: WebinarExtras): Webinar {
  const startsAt = new Date(row.starts_at);
  const phase = webinarPhase(startsAt, row.duration_minutes, now);
  return {
    id: row.id,
    title: row.title,
    topic: row.topic,
    summary: row.summary,
    speaker: { name: row.speaker_name, title: row.speaker_title },
    starts_at: startsAt.toISOString(),
    ends_at: webinarEnd(startsAt, row.duration_minutes).toISOString(),
    duration_minutes: row.duration_minutes,
    phase,
    products: extras.products.get(row.id) ?? [],
    is_signed_up: row.is_signed_up,
    recording_url: isClient && phase === 'ended' ? row.recording_url : null,
    materials: isClient ? (extras.materials.get(row.id) ?? []) : [],
  };
}

function webinarDetail(row: WebinarRow, now: Date, isClient: boolean, extras: WebinarExtras): WebinarDetail {
  const webinar = webinarBody(row, now, isClient, extras);
  return {
    ...webinar,
    description: row.description,
    // The room's link: only to a signed-up pharmacist, only from 15 minutes before until the end.
    join_url: isClient && row.is_signed_up && webinar.phase === 'joinable' ? row.join_url : null,
  };
}

async function loadWebinar(context: CoreContext, id: number, userId: number | null): Promise<WebinarRow> {
  const [row] = await selectRows<WebinarRow>(
    context.db,
    sql`select ${WEBINAR_COLUMNS}, ${signedUpColumn(userId)} from webinars w where w.id = ${id}`,
  );
  if (!row) throw new HttpError(404, 'El webinar no existe.');
  return row;
}

/**
 * One page of the agenda (`upcoming`: not ended yet, soonest first) or of the history (`past`, the
 * latest first). `userId` is the logged-in pharmacist's (null for anyone else): only a pharmacist
 * sees the recordings, the materials and whether they are signed up.
 */
export async function listWebinars(
  context: CoreContext,
  {
    when,
    userId,
    page = 1,
    perPage = DEFAULT_PER_PAGE,
  }: { when: 'upcoming' | 'past'; userId: number | null; page?: number; perPage?: number },
): Promise<WebinarsResponse> {
  const now = context.now();
  // Upcoming: not ended yet (a webinar running now is still on the agenda), soonest first.
  const ends = sql`w.starts_at + make_interval(mins => w.duration_minutes)`;
  const where =
    when === 'upcoming' ? sql`${ends} > ${now.toISOString()}` : sql`${ends} <= ${now.toISOString()}`;
  const order = when === 'upcoming' ? sql`w.starts_at asc, w.id asc` : sql`w.starts_at desc, w.id desc`;
  const [rows, [count]] = await Promise.all([
    selectRows<WebinarRow>(
      context.db,
      sql`select ${WEBINAR_COLUMNS}, ${signedUpColumn(userId)} from webinars w where ${where}
          order by ${order} limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    selectRows<{ total: number | string }>(
      context.db,
      sql`select count(*) as total from webinars w where ${where}`,
    ),
  ]);
  const extras = await webinarExtras(
    context,
    rows.map((row) => row.id),
    userId !== null,
  );
  return {
    data: rows.map((row) => webinarBody(row, now, userId !== null, extras)),
    meta: pageMeta(page, perPage, Number(count?.total ?? 0)),
  };
}

/** One webinar (a 404 otherwise), as the logged-in pharmacist `userId` (or anyone, null) may see it. */
export async function webinarFor(
  context: CoreContext,
  { id, userId }: { id: number; userId: number | null },
): Promise<WebinarDetail> {
  const row = await loadWebinar(context, id, userId);
  const extras = await webinarExtras(context, [row.id], userId !== null);
  return webinarDetail(row, context.now(), userId !== null, extras);
}

/**
 * Writes the confirmation or the cancellation of a signup into the outbox, in the caller's
 * transaction; false for a user without an e-mail address (who gets nothing).
 */
async function mailSignup(
  context: CoreContext,
  {
    what,
    webinar,
    userId,
    signedUpAt,
    origin,
    now,
  }: {
    what: 'signup' | 'cancellation';
    webinar: WebinarRow;
    userId: number;
    signedUpAt: Date;
    origin: string;
    now: Date;
  },
): Promise<boolean> {
  // Reads the accounts' users: the name and address the e-mail goes to.
  const [recipient] = await selectRows<{ name: string; email: string | null }>(
    context.db,
    sql`select name, email from users where id = ${userId}`,
  );
  if (!recipient?.email) return false;
  const input = {
    webinar: {
      id: webinar.id,
      title: webinar.title,
      startsAt: new Date(webinar.starts_at),
      durationMinutes: webinar.duration_minutes,
      speaker: webinar.speaker_name,
      version: webinar.version,
    },
    recipient: { name: recipient.name, email: recipient.email },
    signup: { userId, createdAt: signedUpAt },
    portalOrigin: origin,
    settings: context.settings,
    now,
  };
  await enqueueMail(context, what === 'signup' ? webinarSignupMail(input) : webinarCancellationMail(input));
  return true;
}

// The signup and its cancellation each write their e-mail (with the calendar invitation, or its
// cancellation) into the outbox in the transaction that changes the signup, and only when it did
// change: a repeated signup or cancellation sends nothing, nor does one for a user without e-mail.

/**
 * Signs the user up for a webinar that has not ended (a 404 for none, a 409 for one that has ended),
 * once per user and webinar; the first time, mails the confirmation with links to `origin` (the
 * portal).
 */
export async function signUpForWebinar(
  context: AppContext,
  { id, userId, origin }: { id: number; userId: number; origin: string },
): Promise<void> {
  const webinar = await loadWebinar(context, id, userId);
  const now = context.now();
  if (webinarPhase(new Date(webinar.starts_at), webinar.duration_minutes, now) === 'ended') {
    throw new HttpError(409, 'Este webinar ya ha terminado: no admite inscripciones.');
  }
  const mailed = await inTransaction(context, async (tx) => {
    // Once per user and webinar (the primary key); signing up again changes nothing.
    const [created] = await selectRows<{ created_at: Date | string }>(
      tx.db,
      sql`insert into webinar_signups (webinar_id, user_id, created_at)
          values (${id}, ${userId}, ${now.toISOString()}::timestamptz)
          on conflict do nothing returning created_at`,
    );
    if (!created) return false;
    return mailSignup(tx, {
      what: 'signup',
      webinar,
      userId,
      signedUpAt: new Date(created.created_at),
      origin,
      now,
    });
  });
  if (mailed) context.mail.nudge();
}

/**
 * Takes the user's signup out (a 404 for no such webinar); when there was one and the webinar is not
 * over, mails the cancellation that takes the event out of the calendar.
 */
export async function cancelWebinarSignup(
  context: AppContext,
  { id, userId, origin }: { id: number; userId: number; origin: string },
): Promise<void> {
  const webinar = await loadWebinar(context, id, userId);
  const now = context.now();
  const mailed = await inTransaction(context, async (tx) => {
    const [removed] = await selectRows<{ created_at: Date | string }>(
      tx.db,
      sql`delete from webinar_signups where webinar_id = ${id} and user_id = ${userId} returning created_at`,
    );
    // Nothing to take out of a calendar: no signup, or a webinar that is over.
    if (!removed || webinarPhase(new Date(webinar.starts_at), webinar.duration_minutes, now) === 'ended') {
      return false;
    }
    return mailSignup(tx, {
      what: 'cancellation',
      webinar,
      userId,
      signedUpAt: new Date(removed.created_at),
      origin,
      now,
    });
  });
  if (mailed) context.mail.nudge();
}
