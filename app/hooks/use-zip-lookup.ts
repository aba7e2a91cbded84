import { useRef, useState } from "react";
import { cleanZipInput } from "~/shared/zip";

/**
 * A ZIP input that fills city and state (01 §2 sign-up, 02 §2 listing and club forms): strips
 * non-digits as the user types and, at 5 digits, asks GET /api/zip/{zip}. A failed lookup is silent
 * (01 §8): the user types city and state, and the server fills them from the ZIP when they are empty.
 */
export function useZipLookup(onFound: (place: { city: string; state: string }) => void) {
  const [lookingUp, setLookingUp] = useState(false);
  const lookup = useRef<AbortController | null>(null);

  async function onInput(event: React.FormEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const cleaned = cleanZipInput(input.value);
    if (cleaned !== input.value) input.value = cleaned;
    lookup.current?.abort();
    if (cleaned.length !== 5) return setLookingUp(false);
    const controller = new AbortController();
    lookup.current = controller;
    setLookingUp(true);
    try {
      const response = await fetch(`/api/zip/${cleaned}`, { signal: controller.signal });
      const found = (await response.json()) as { ok: boolean; city?: string; state?: string };
      if (found.ok && found.city && found.state) onFound({ city: found.city, state: found.state });
    } catch {
      // Silent on purpose (see above).
    } finally {
      if (lookup.current === controller) setLookingUp(false);
    }
  }

  return { onInput, lookingUp };
}
