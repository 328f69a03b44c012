import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the address, so a reload or a shared link shows the same list:
 * the current parameters, and a setter that replaces one (or removes it when empty).
 */
export function useAddressFilters() {
  const [params, setParams] = useSearchParams();
  const update = (key: string, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return [params, update] as const;
}
