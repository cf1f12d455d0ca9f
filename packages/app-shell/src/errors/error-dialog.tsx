import type { ErrorEntry } from '@botica/domain';
import { AlertDialog } from '@botica/ui';
import { AriaScope } from '../navigation/aria-scope.tsx';

/** The dialog or warning of a failed call, as its own chunk (React.lazy needs a default export). */
export default function ErrorDialog({ entry, onClose }: { entry: ErrorEntry; onClose: () => void }) {
  return (
    <AriaScope>
      <AlertDialog
        title={entry.title}
        isOpen
        onOpenChange={(isOpen) => {
          if (!isOpen) onClose();
        }}
        tone={entry.presentation === 'warning' ? 'warning' : 'danger'}
        homeHref={entry.linkHome ? '/' : undefined}
      >
        <p>{entry.text}</p>
      </AlertDialog>
    </AriaScope>
  );
}
