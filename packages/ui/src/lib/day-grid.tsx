import type * as React from 'react';
import { useId } from 'react';

/**
 * Days (a month's, or a week's) as the ARIA grid pattern on a table: the arrows move between days. Its keys'
 * `hint`, visually hidden just before it, is read as its description.
 */
export function DayGridTable({
  hint,
  ...props
}: Omit<React.ComponentProps<'table'>, 'role' | 'aria-describedby'> & { hint: string }) {
  const hintId = useId();
  return (
    <>
      <p id={hintId} className="sr-only">
        {hint}
      </p>
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table (arrows move between days).
        role="grid"
        aria-describedby={hintId}
        {...props}
      />
    </>
  );
}
