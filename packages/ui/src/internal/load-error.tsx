import { Button } from '../button/button.tsx';
import { EmptyState } from '../empty-state/empty-state.tsx';

/** What a list or table shows when its data could not be loaded: the error and, if given, a retry. */
export function LoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: string;
  onRetry?: (() => void) | undefined;
}) {
  return (
    <EmptyState
      tone="error"
      title={title}
      description={error}
      action={
        onRetry ? (
          <Button variant="secondary" onPress={onRetry}>
            Reintentar
          </Button>
        ) : undefined
      }
    />
  );
}
