import { Button } from './button.tsx';
import { FormAlert } from './form-alert.tsx';

/** A read that failed and may work on another try: what went wrong, and the button to try again. */
export function RetryAlert({
  message,
  retryLabel,
  onRetry,
}: {
  message: string | undefined;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div className="space-y-2">
      <FormAlert>{message}</FormAlert>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
