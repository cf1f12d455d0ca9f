/**
 * An edit refused because someone changed the item since the form read it (409): the app's error
 * catalogue has no entry for it, so the form says it, with the server's words, and asks for a reload.
 */
import { isApiError } from '@botica/api-client';
import { showToast } from '@botica/ui';

/** Runs `save`; a 409 becomes a toast with the server's message instead of a failure. */
export async function savingUnlessStale(save: () => Promise<void>): Promise<void> {
  try {
    await save();
  } catch (error) {
    if (!isApiError(error) || error.status !== 409) throw error;
    showToast({ title: 'No se ha guardado', description: error.message, tone: 'danger' });
  }
}
