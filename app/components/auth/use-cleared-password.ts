import { useEffect } from "react";

/**
 * A refused post clears the password field, with script as without (the server never sends a password back, but with
 * script the field would otherwise keep what was typed).
 */
export function useClearedPassword(fieldId: string, answer: unknown): void {
  useEffect(() => {
    if (!answer) return;
    const input = document.getElementById(fieldId);
    if (input instanceof HTMLInputElement) input.value = "";
  }, [fieldId, answer]);
}
