/** The account pages' data: the logged-in pharmacy's id (from the session) and its calls. */
import { currentUser, isClient } from '../auth/session.ts';

/** The session's pharmacy id; the route guard let only a client in. */
export async function sessionClientId(): Promise<number> {
  const user = await currentUser();
  if (!isClient(user)) throw new Response('', { status: 401 });
  return user.client.id;
}
