import { useEffect, useState } from "react";

let hydrated = false;

/** False during server rendering and the first client render; true once React runs in the browser. */
export function useHydrated(): boolean {
  const [value, setValue] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setValue(true);
  }, []);
  return value;
}
