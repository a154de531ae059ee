import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import { useNonce } from "~/components/nonce";

/** The bot trap of a public form that sends messages or makes accounts (services/honeypot.server.ts checks it). */
export function HoneypotFields({ honeypot }: { honeypot: HoneypotInputProps }) {
  const nonce = useNonce();
  return (
    <HoneypotProvider {...honeypot}>
      <HoneypotInputs label="Leave this field empty" nonce={nonce} />
    </HoneypotProvider>
  );
}
