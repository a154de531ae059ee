import { slotHolds } from "../db/schema";
import { reseed } from "../db/seed";
import { embeddedPaymentServices } from "../payments";
import { faultyGateway, type GatewayFaults } from "../payments/testing/gateway";
import { memoryLogger } from "./memory-logger";
import { shopperApi, type ShopperApi } from "./shopper";
import { createTestPlatform, TEST_NOW, type TestPlatform, type TestPlatformOptions } from "./test-platform";

/*
 * The one set-up of the API tests (decision record 0016): a test platform on its own database with the demo seed, a
 * guest token, and the shopper's calls (shopper.ts) on it. A test file makes one in beforeAll (or, when each test
 * needs a platform of its own, in beforeEach) and closes it after.
 */

export interface SeededPlatform {
  t: TestPlatform;
  /** A guest's access token, issued at TEST_NOW (an hour long). */
  token: string;
  shop: ShopperApi;
}

export async function seededPlatform(options: TestPlatformOptions = {}): Promise<SeededPlatform> {
  const t = await createTestPlatform(options);
  try {
    await reseed(t.db);
    return { t, token: await t.guestToken(), shop: shopperApi(t) };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/**
 * A seeded platform paying through the real checkout.com adapter and the embedded test gateway (on the platform's
 * own database), with the faults the test switches on (payments/testing/gateway.ts).
 */
export async function seededPlatformWithFaults(
  options: { webhookSignatureKey?: string | null } = {},
): Promise<SeededPlatform & { faults: GatewayFaults }> {
  const faulty = faultyGateway();
  const t = await createTestPlatform({
    payments: { gateway: faulty.gateway, applePay: null, webhookSignatureKey: options.webhookSignatureKey ?? null },
  });
  faulty.passTo(embeddedPaymentServices({ db: t.db, clock: t.clock, log: memoryLogger() }).services.gateway);
  try {
    await reseed(t.db);
    return { t, token: await t.guestToken(), shop: shopperApi(t), faults: faulty.faults };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/** Between tests on one platform: the clock back at TEST_NOW, and every place in every slot given back. */
export async function resetClockAndHolds(t: TestPlatform): Promise<void> {
  t.clock.set(TEST_NOW);
  await t.db.delete(slotHolds);
}
