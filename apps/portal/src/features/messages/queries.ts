/**
 * The laboratory's messages as server state: the list (the home page's), one message, and its
 * reading, whose answer goes into both.
 */
import { portalEndpoints } from '@botica/api-client/endpoints';
import { endpointQuery } from '@botica/app-shell';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';

const { messages } = portalEndpoints;

/** The active messages. */
export const messagesQuery = endpointQuery(messages.list, api.messages.list);
/** One message. */
export const messageQuery = endpointQuery(messages.get, api.messages.get);

/** Marks a message read; the list and the message take the server's answer. */
export function markReadMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (id: number) => api.messages.markRead(id),
    onSuccess: (answer) => {
      queryClient.setQueryData(messageQuery(answer.data.id).queryKey, answer);
      queryClient.setQueryData(messagesQuery().queryKey, (list) =>
        list === undefined
          ? list
          : {
              ...list,
              data: list.data.map((message) =>
                message.id === answer.data.id ? { ...message, read_at: answer.data.read_at } : message,
              ),
            },
      );
    },
  });
}
