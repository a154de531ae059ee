import { lazy, Suspense, type ComponentProps } from "react";
import { ClientOnly } from "remix-utils/client-only";
import type { WalletButtons as WalletButtonsComponent } from "./WalletButtons";

const WalletButtons = lazy(() => import("./WalletButtons").then((module) => ({ default: module.WalletButtons })));

/**
 * Apple Pay and Google Pay exist only in the browser (the wallet, and whether it can pay, are known only there), so
 * their buttons' script is fetched once the page runs, and only where the order may be paid by a wallet at all.
 */
export function WalletButtonsOnDemand(props: ComponentProps<typeof WalletButtonsComponent>) {
  if (props.options.length === 0) return null;
  return (
    <ClientOnly>
      {() => (
        <Suspense fallback={null}>
          <WalletButtons {...props} />
        </Suspense>
      )}
    </ClientOnly>
  );
}
