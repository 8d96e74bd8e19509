import { useEffect, useState } from 'react';

/**
 * False until `value` has been true once, then true for good: a part loaded on first use (the
 * cart drawer the first time it opens, the toasts at the first toast) stays mounted afterwards.
 */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  useEffect(() => {
    if (value) setSeen(true);
  }, [value]);
  return seen || value;
}
